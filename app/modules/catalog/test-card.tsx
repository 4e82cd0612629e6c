import type { ComponentType } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { LocalizedText } from "~/i18n/localized-field";
import { Link } from "~/i18n/link";
import { useFormat } from "~/i18n/use-format";
import type { TestSummary } from "~/modules/catalog/test-summary";
import { cn } from "~/utils/cn";

export const DEFAULT_TEST_IMAGE = "/images/lab-test-default.svg";

/**
 * The buttons that get a test (Add to Cart, Book), on its card and on its product page. The cart
 * and booking modules own them and sit above the catalogue, so the route passes them in: the
 * catalogue imports neither (README, Layout).
 */
export type TestActions = ComponentType<{ test: TestSummary; place: "card" | "product" }>;

export type TestCardProps = {
  test: TestSummary & { description: string; nameAr?: string | null; descriptionAr?: string | null; resultTime?: string | null; offerCount?: number };
  className?: string;
  actions: TestActions;
  /** Carried to the product page, e.g. the search's area: "?area=Al%20Mushrif&home=1" (issue 26). */
  productQuery?: string;
};

/**
 * A test in a result grid: name, plain-text description, price, image, cart and booking controls.
 * A test offered by labs shows its lowest offer as "from AED X" and how many labs offer it.
 */
export function TestCard({ test, className, actions: Actions, productQuery = "" }: TestCardProps) {
  const { t } = useTranslation("catalog");
  const format = useFormat();
  const summary: TestSummary = {
    id: test.id,
    name: test.name,
    nameAr: test.nameAr,
    slug: test.slug,
    priceFils: test.priceFils,
    featuredImage: test.featuredImage,
  };
  return (
    <article
      data-testid="test-card"
      className={cn("flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-md", className)}
    >
      {/* A phone shows no placeholder picture: the results come first (issue 26). */}
      <Link to={`/product/${test.slug}${productQuery}`} className={cn("block aspect-video bg-muted", !test.featuredImage && "max-sm:hidden")} tabIndex={-1} aria-hidden>
        <img
          src={test.featuredImage || DEFAULT_TEST_IMAGE}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5 max-sm:p-4">
        <h3 className="text-lg font-semibold leading-snug">
          <Link to={`/product/${test.slug}${productQuery}`} className="hover:text-primary hover:underline">
            <LocalizedText en={test.name} ar={test.nameAr} />
          </Link>
        </h3>
        {test.description ? <LocalizedText as="p" className="line-clamp-3 text-sm text-muted-foreground" en={test.description} ar={test.descriptionAr} /> : null}
        <div className="mt-auto" data-testid="test-card-price">
          <p className="text-xl font-bold text-primary">
            {test.offerCount ? <span className="text-sm font-medium">{t("from ")}</span> : null}
            <bdi>{format.money(test.priceFils)}</bdi>
          </p>
          {test.offerCount ? <p className="text-sm text-muted-foreground">{t("at {{count}} labs", { count: test.offerCount })}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Actions test={summary} place="card" />
        </div>
      </div>
    </article>
  );
}

/** The card's shape while results load, so nothing jumps when they arrive. */
export function TestCardSkeleton() {
  return (
    <div data-testid="test-card-skeleton" className="flex flex-col overflow-hidden rounded-lg border bg-card" aria-hidden>
      <div className="aspect-video animate-pulse bg-muted max-sm:hidden" />
      <div className="flex flex-col gap-3 p-5 max-sm:p-4">
        <div className="h-6 w-3/4 animate-pulse rounded bg-muted" />
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
        <div className="h-7 w-1/3 animate-pulse rounded bg-muted" />
        <div className="flex gap-2">
          <div className="h-10 w-28 animate-pulse rounded-md bg-muted" />
          <div className="h-10 w-24 animate-pulse rounded-md bg-muted" />
        </div>
      </div>
    </div>
  );
}
