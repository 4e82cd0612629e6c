import { ChevronLeft, ChevronRight, Quote, Star } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/utils/cn";
import { TESTIMONIALS } from "~/modules/content/home/home-content";

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
              <div className="mt-3 flex gap-0.5 text-warning" role="img" aria-label={t("Rated 5 out of 5")}>
                {Array.from({ length: 5 }, (_, star) => (
                  <Star key={star} className="size-4 fill-current" aria-hidden />
                ))}
              </div>
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
