import { ChevronLeft, ChevronRight, Quote } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/utils/cn";
import { TESTIMONIALS } from "~/modules/content/home/home-content";

/** Lucide's star icon. */
const STAR_PATH =
  "M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z";

/**
 * Five 16 px stars 2 px apart, the star drawn once and repeated: five icons per testimonial were a
 * sixth of the home page's HTML and of its render time.
 */
function FiveStars({ id, label }: { id: string; label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 132 24"
      className="mt-3 h-4 w-22 fill-current text-warning"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path id={id} d={STAR_PATH} />
      {[27, 54, 81, 108].map((x) => (
        <use key={x} href={`#${id}`} x={x} />
      ))}
    </svg>
  );
}

export const TESTIMONIALS_PER_PAGE_DESKTOP = 3;
export const TESTIMONIAL_INTERVAL_MS = 5_000;
const DESKTOP_QUERY = "(min-width: 1024px)";

function usePerPage() {
  const [perPage, setPerPage] = useState(TESTIMONIALS_PER_PAGE_DESKTOP);
  useEffect(() => {
    const media = window.matchMedia(DESKTOP_QUERY);
    const update = () => setPerPage(media.matches ? TESTIMONIALS_PER_PAGE_DESKTOP : 1);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);
  return perPage;
}

/**
 * Five testimonials, three per page on large screens and one on small ones. Advances every
 * 5 s until the visitor navigates it (then it stays put); never rotates with reduced motion or
 * while hovered or focused.
 */
export function TestimonialCarousel() {
  const { t } = useTranslation("home");
  const perPage = usePerPage();
  const pageCount = Math.ceil(TESTIMONIALS.length / perPage);
  const [page, setPage] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [paused, setPaused] = useState(false);
  const current = Math.min(page, pageCount - 1);

  useEffect(() => {
    if (stopped || paused || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => setPage((value) => (value + 1) % pageCount), TESTIMONIAL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [stopped, paused, pageCount]);

  const goTo = (next: number) => {
    setStopped(true);
    setPage((next + pageCount) % pageCount);
  };
  const first = current * perPage;

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t("Patient testimonials")}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul className="grid gap-6 lg:grid-cols-3" aria-live={stopped ? "polite" : "off"}>
        {TESTIMONIALS.map((testimonial, index) => {
          const visible = index >= first && index < first + perPage;
          return (
            <li
              key={testimonial.name}
              aria-roledescription="slide"
              aria-label={t("{{number}} of {{total}}", { number: index + 1, total: TESTIMONIALS.length })}
              hidden={!visible}
              className="rounded-lg border bg-card p-6 shadow-sm"
            >
              <Quote className="size-6 text-primary" aria-hidden />
              <FiveStars id={`testimonial-star-${index}`} label={t("Rated 5 out of 5")} />
              <blockquote className="mt-3 text-foreground">“{t(testimonial.quote)}”</blockquote>
              <p className="mt-4 font-semibold">{t(testimonial.name)}</p>
              <p className="text-sm text-muted-foreground">{t("{{location}}, Abu Dhabi", { location: t(testimonial.location) })}</p>
            </li>
          );
        })}
      </ul>
      <div className="mt-8 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => goTo(current - 1)}
          aria-label={t("Previous testimonials")}
          className="inline-flex size-10 items-center justify-center rounded-full border bg-background hover:bg-accent"
        >
          <ChevronLeft className="size-5 rtl:rotate-180" aria-hidden />
        </button>
        <div className="flex gap-1">
          {Array.from({ length: pageCount }, (_, index) => (
            <button
              key={index}
              type="button"
              onClick={() => goTo(index)}
              aria-label={t("Show testimonials page {{number}}", { number: index + 1 })}
              aria-current={index === current ? "true" : undefined}
              className="inline-flex size-6 items-center justify-center rounded-full"
            >
              <span className={cn("size-2.5 rounded-full transition-colors", index === current ? "bg-primary" : "bg-input")} />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => goTo(current + 1)}
          aria-label={t("Next testimonials")}
          className="inline-flex size-10 items-center justify-center rounded-full border bg-background hover:bg-accent"
        >
          <ChevronRight className="size-5 rtl:rotate-180" aria-hidden />
        </button>
      </div>
    </div>
  );
}
