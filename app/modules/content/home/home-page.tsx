import {
  Activity,
  BadgeCheck,
  Baby,
  Brain,
  Briefcase,
  CalendarCheck,
  Clock,
  Dna,
  FileText,
  HeartPulse,
  House,
  Pill,
  Search,
  ShieldCheck,
  Star,
  Syringe,
  TestTube,
  Wallet,
  type Icon,
} from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { LocalizedText } from "~/i18n/localized-field";
import { Link } from "~/i18n/link";
import { useFormat } from "~/i18n/use-format";
import { Button, buttonVariants } from "~/components/ui/button";
import type { HomeCategory } from "~/modules/content/home/home-categories";
import { BENEFITS, HOW_IT_WORKS, MARKETING_STATS, type HomeCategoryName } from "~/modules/content/home/home-content";
import { HeroSearch } from "~/modules/content/home/hero-search";
import { RevealOnScroll } from "~/modules/content/home/reveal-on-scroll";
import { TestimonialCarousel } from "~/modules/content/home/testimonial-carousel";

const CATEGORY_ICONS: Record<string, Icon> = {
  "Heart Health": HeartPulse,
  "Diabetes & Metabolism": Activity,
  "Genetic Testing": Dna,
  "Hormone Panels": TestTube,
  "Brain & Neurology": Brain,
  "Vitamin & Mineral": Pill,
  "Prenatal & Fertility": Baby,
  "Executive Health": Briefcase,
};
const STEP_ICONS = [Search, CalendarCheck, Syringe, FileText];
const BENEFIT_ICONS = [Wallet, House, FileText, ShieldCheck, Clock, Star];

export type PopularTest = { name: string; nameAr?: string | null; slug: string; priceFils: number };

function Hero({ popularTests }: { popularTests: PopularTest[] }) {
  const { t } = useTranslation("home");
  const format = useFormat();
  return (
    <section className="bg-gradient-to-b from-primary-soft to-background">
      {/* The entrance animation starts 100 ms after load (spec: --animate-rise in app.css); content is never hidden without it. */}
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 motion-safe:animate-rise sm:py-24 lg:grid-cols-2">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-background px-3 py-1 text-sm font-medium text-primary shadow-sm">
            <House className="size-4" aria-hidden /> {t("Home collection across Abu Dhabi")}
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight sm:text-5xl">
            {t("Book lab tests in Abu Dhabi, the easy way")}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground">
            {t("Compare 2,000+ tests from 20+ partner labs, save up to 50%, book home collection and get your results digitally.")}
          </p>
          <div className="mt-8">
            <HeroSearch />
          </div>
          <dl className="mt-10 grid max-w-xl grid-cols-2 gap-6 sm:grid-cols-4">
            {MARKETING_STATS.map((stat) => (
              <div key={stat.label}>
                <dt className="text-sm text-muted-foreground">{t(stat.label)}</dt>
                <dd className="text-2xl font-bold whitespace-nowrap text-primary">
                  <bdi>{t(stat.value)}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="relative mx-auto w-full max-w-md">
          <div className="rounded-2xl border bg-card p-6 shadow-lg">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <TestTube className="size-5 text-primary" aria-hidden /> {t("Most Popular Tests")}
            </h2>
            {popularTests.length === 0 ? (
              <p className="mt-4 text-sm">
                <Link to="/search" className="font-medium text-primary hover:underline">
                  {t("Browse all lab tests")}
                </Link>
              </p>
            ) : (
              <ul className="mt-4 divide-y">
                {popularTests.map((test) => (
                  <li key={test.slug} className="flex items-center justify-between gap-4 py-3">
                    <Link
                      to={`/product/${test.slug}`}
                      className="text-sm font-medium hover:text-primary hover:underline"
                    >
                      <LocalizedText en={test.name} ar={test.nameAr} />
                    </Link>
                    <bdi className="text-sm font-semibold whitespace-nowrap text-primary">{format.money(test.priceFils)}</bdi>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-4 flex items-center gap-1 text-sm text-muted-foreground">
              <Star className="size-4 fill-current text-warning" aria-hidden /> {t("4.8 rating from 500+ reviews")}
            </p>
          </div>
          <p className="absolute -bottom-5 start-6 inline-flex items-center gap-2 rounded-full bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-md">
            <BadgeCheck className="size-4" aria-hidden /> {t("Trusted by 10,000+ patients")}
          </p>
        </div>
      </div>
    </section>
  );
}

function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h2>
      <p className="mt-3 text-muted-foreground">{text}</p>
    </div>
  );
}

function Categories({ categories }: { categories: HomeCategory[] }) {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-20">
      <SectionHeading
        id="categories-heading"
        title={t("Browse by Category")}
        text={t("Tests grouped by what you want to check.")}
      />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {categories.map((category) => {
          const Icon = CATEGORY_ICONS[category.name] ?? TestTube;
          const name = t(category.name as HomeCategoryName);
          return (
            <li key={category.name} className="flex flex-col rounded-lg border bg-card p-6 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{name}</h3>
              <p className="mt-2 flex-1 text-sm text-muted-foreground">{t(category.blurb as never)}</p>
              {category.id ? (
                <Link
                  to={`/category/${category.id}`}
                  className={buttonVariants({
                    variant: "outline",
                    className: "mt-5",
                  })}
                  aria-label={t("View Tests: {{category}}", { category: name })}
                >
                  {t("View Tests")}
                </Link>
              ) : (
                <Button
                  variant="outline"
                  className="mt-5"
                  disabled
                  aria-label={t("View Tests: {{category}} (not available yet)", { category: name })}
                >
                  {t("View Tests")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function HowItWorks() {
  const { t } = useTranslation("home");
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="scroll-mt-20 bg-muted py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="how-heading" title={t("How It Works")} text={t("From search to results in four simple steps.")} />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {HOW_IT_WORKS.map((step, index) => {
            const Icon = STEP_ICONS[index];
            return (
              <li key={step.title} className="rounded-lg bg-background p-6 text-center shadow-sm">
                <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <Icon className="size-6" aria-hidden />
                </span>
                <p className="mt-4 text-sm font-medium text-primary">{t("Step {{number}}", { number: index + 1 })}</p>
                <h3 className="mt-1 text-lg font-semibold">{t(step.title)}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{t(step.text)}</p>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

function Benefits() {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="benefits-heading" className="mx-auto max-w-7xl px-4 py-20">
      <SectionHeading
        id="benefits-heading"
        title={t("Why Choose LabTest Hub")}
        text={t("Everything you need for stress-free lab testing.")}
      />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {BENEFITS.map((benefit, index) => {
          const Icon = BENEFIT_ICONS[index];
          return (
            <li key={benefit.title} className="flex gap-4 rounded-lg border bg-card p-6">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold">{t(benefit.title)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(benefit.text)}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Testimonials() {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="testimonials-heading" className="bg-primary-soft/60 py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading
          id="testimonials-heading"
          title={t("What Our Patients Say")}
          text={t("Rated 4.8 out of 5 from 500+ reviews.")}
        />
        <div className="mt-12">
          <TestimonialCarousel />
        </div>
      </div>
    </section>
  );
}

export function HomePage({ categories, popularTests }: { categories: HomeCategory[]; popularTests: PopularTest[] }) {
  const { t } = useTranslation("home");
  return (
    <>
      <Hero popularTests={popularTests} />
      <RevealOnScroll>
        <Categories categories={categories} />
      </RevealOnScroll>
      <RevealOnScroll>
        <HowItWorks />
      </RevealOnScroll>
      <RevealOnScroll>
        <Benefits />
      </RevealOnScroll>
      <RevealOnScroll>
        <Testimonials />
      </RevealOnScroll>
      <section className="mx-auto max-w-7xl px-4 pt-20 text-center">
        <h2 className="text-3xl font-bold tracking-tight">{t("Ready to take charge of your health?")}</h2>
        <p className="mt-3 text-muted-foreground">{t("Browse 2,000+ tests with clear prices in AED.")}</p>
        <Link to="/search" className={buttonVariants({ size: "lg", className: "mt-8" })}>
          {t("Browse All Tests")}
        </Link>
      </section>
    </>
  );
}
