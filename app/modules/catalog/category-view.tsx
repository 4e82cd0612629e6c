import { ArrowLeft, Dna, FlaskConical, HeartPulse } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/i18n/link";
import { LocalizedText, localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { Pagination } from "~/components/pagination";
import { TestCard, type TestActions } from "~/modules/catalog/test-card";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { SharedMarkup } from "~/utils/shared-markup";
import type { TestCardData } from "~/modules/catalog/test-card-data.server";

type CategoryViewProps = {
  category: { id: string; name: string; nameAr: string | null; description: string | null; descriptionAr: string | null; icon: string | null };
  listing: { tests: TestCardData[]; total: number; page: number; pageCount: number };
  testActions: TestActions;
  /** What the test actions show besides the tests, so that the page can be rendered once for everyone alike; null when they are this visitor's own. */
  testActionsVariant: string | null;
};

function CategoryIcon({ icon }: { icon: string | null }) {
  const Icon = icon === "heart" ? HeartPulse : icon === "dna" ? Dna : FlaskConical;
  return <Icon className="size-7" aria-hidden />;
}

export function CategoryView({ category, listing, testActions, testActionsVariant }: CategoryViewProps) {
  const { t } = useTranslation("catalog");
  const format = useFormat();
  const name = localizedField(category.name, category.nameAr, format.language);
  // The same for everyone who opens this page of the category in this language (but their cart):
  // rendered once on the server, as long as the shared listing lives (decision 0088).
  return (
    <SharedMarkup
      data={listing}
      variant={testActionsVariant === null ? null : `${format.language} ${testActionsVariant}`}
      className="mx-auto max-w-7xl px-4 py-8 sm:py-12"
    >
      <Link to="/" className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ms-3")}>
        <ArrowLeft className="rtl:rotate-180" aria-hidden /> {t("Back to Home")}
      </Link>
      <header className="mt-4 flex items-center gap-4">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
          <CategoryIcon icon={category.icon} />
        </span>
        <div>
          <LocalizedText as="h1" className="text-3xl font-bold tracking-tight sm:text-4xl" en={category.name} ar={category.nameAr} />
          <p className="mt-1 text-muted-foreground">{t("{{count}} tests available", { count: listing.total, formatted: format.number(listing.total) })}</p>
        </div>
      </header>
      <section className="mt-8 rounded-lg border bg-primary-soft/50 p-6" aria-labelledby="about-category">
        <h2 id="about-category" className="text-lg font-semibold">
          {t("About {{category}}", { category: name.text })}
        </h2>
        {category.description ? (
          <LocalizedText as="p" className="mt-2 text-muted-foreground" en={category.description} ar={category.descriptionAr} />
        ) : (
          <p className="mt-2 text-muted-foreground">
            {t("Lab tests in the {{category}} category, offered by our partner labs across Abu Dhabi.", { category: name.text })}
          </p>
        )}
      </section>
      {listing.tests.length === 0 ? (
        <div className="mt-12 flex flex-col items-center rounded-lg border border-dashed px-6 py-16 text-center">
          <p className="text-lg font-medium">{t("No tests are available in this category yet.")}</p>
          <Link to="/search" className={cn(buttonVariants(), "mt-6")}>
            {t("Browse All Tests")}
          </Link>
        </div>
      ) : (
        <>
          <h2 className="sr-only">{t("Tests")}</h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {listing.tests.map((test) => (
              <TestCard key={test.id} test={test} actions={testActions} />
            ))}
          </div>
          <Pagination
            page={listing.page}
            pageCount={listing.pageCount}
            hrefFor={(page) => (page > 1 ? `/category/${category.id}?page=${page}` : `/category/${category.id}`)}
          />
        </>
      )}
    </SharedMarkup>
  );
}
