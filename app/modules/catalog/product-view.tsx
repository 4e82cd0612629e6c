import type { ReactNode } from "react";
import { ArrowLeft, Clock, FileText, FolderHeart } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { LocalizedText, localizedField } from "~/i18n/localized-field";
import { Link } from "~/i18n/link";
import { useFormat } from "~/i18n/use-format";
import { useLanguage } from "~/i18n/use-language";
import { TestResultTime } from "~/modules/catalog/result-time-text";
import { DEFAULT_TEST_IMAGE, TestCard, type TestActions } from "~/modules/catalog/test-card";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import type { TestCardData } from "~/modules/catalog/test-card-data.server";
import type { findTestBySlug } from "~/modules/catalog/test-details.server";
import type { LabComparison } from "~/modules/catalog/lab-comparison.server";
import { COMPARISON_ID } from "~/modules/catalog/lab-comparison";
import { LabComparisonView } from "~/modules/catalog/components/lab-comparison-view";

export const REPORT_FORMAT_LABEL = "Digital & Printable";

type ProductTest = NonNullable<Awaited<ReturnType<typeof findTestBySlug>>>;

function SummaryCard({ icon, label, value }: { icon: React.ReactNode; label: string; value: React.ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border bg-card p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">{icon}</span>
      <div>
        <p className="text-xs font-medium text-muted-foreground uppercase">{label}</p>
        <p className="font-semibold">{value}</p>
      </div>
    </div>
  );
}

function RichSection({ title, html, htmlAr }: { title: string; html: string; htmlAr: string | null }) {
  const field = localizedField(html, htmlAr, useLanguage());
  if (!field.text) return null;
  return (
    <section className="rounded-lg border bg-card p-6">
      <h2 className="text-xl font-semibold">{title}</h2>
      {/* Sanitised on the server with the one allow-list (sanitize-html.ts). */}
      <div lang={field.lang} dir={field.lang ? "ltr" : undefined} className="rich-text mt-4 text-muted-foreground" dangerouslySetInnerHTML={{ __html: field.text }} />
    </section>
  );
}

export function ProductView({
  test,
  related,
  comparison,
  testActions: TestActions,
  areaNotice,
}: {
  test: ProductTest;
  related: TestCardData[];
  comparison: LabComparison;
  testActions: TestActions;
  /** Which labs are shown for the patient's area (issue 26), under the price. */
  areaNotice?: ReactNode;
}) {
  const { t } = useTranslation("catalog");
  const format = useFormat();
  const language = useLanguage();
  const summary = { id: test.id, name: test.name, nameAr: test.nameAr, slug: test.slug, priceFils: test.priceFils, featuredImage: test.featuredImage };
  const categoryName = <LocalizedText en={test.categoryName} ar={test.categoryNameAr} />;
  const lead = localizedField(test.plainDescription, test.plainDescriptionAr, language);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <Link to="/search" className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ms-3")}>
        <ArrowLeft className="rtl:rotate-180" aria-hidden /> {t("Back to Tests")}
      </Link>
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <img
          src={test.featuredImage || DEFAULT_TEST_IMAGE}
          alt={localizedField(test.name, test.nameAr, language).text}
          width={800}
          height={600}
          className="aspect-[4/3] w-full rounded-lg border bg-muted object-cover"
        />
        <div className="flex flex-col gap-5">
          <div>
            {test.categoryId ? (
              <Link to={`/category/${test.categoryId}`} className="text-sm font-medium text-primary hover:underline">
                {categoryName}
              </Link>
            ) : (
              <p className="text-sm font-medium text-primary">{categoryName}</p>
            )}
            <LocalizedText as="h1" className="mt-1 text-2xl font-bold tracking-tight wrap-anywhere sm:text-4xl" en={test.name} ar={test.nameAr} />
          </div>
          <div>
            {comparison.rows.length > 0 ? (
              <p className="text-sm font-medium text-muted-foreground">
                {t("From, at {{count}} labs:", { count: comparison.rows.length })}
              </p>
            ) : null}
            <p className="text-3xl font-bold text-primary">
              <bdi>{format.money(test.priceFils)}</bdi>
            </p>
            {areaNotice}
            {comparison.rows.length > 1 ? (
              <a href={`#${COMPARISON_ID}`} className="text-sm font-medium text-primary hover:underline">
                {t("Compare labs")}
              </a>
            ) : null}
          </div>
          {/* A one-sentence lead; the full text is under About This Test. */}
          {lead.text ? (
            <p lang={lead.lang} dir={lead.lang ? "ltr" : undefined} className="text-muted-foreground">
              {lead.text.split(/(?<=[.!?؟])\s/)[0]}
            </p>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-3">
            <SummaryCard icon={<Clock className="size-5" aria-hidden />} label={t("Result Time")} value={<TestResultTime text={test.resultTime} labHours={comparison.rows.map((row) => row.resultHours)} />} />
            <SummaryCard icon={<FolderHeart className="size-5" aria-hidden />} label={t("Category")} value={categoryName} />
            <SummaryCard icon={<FileText className="size-5" aria-hidden />} label={t("Report Format")} value={t(REPORT_FORMAT_LABEL)} />
          </div>
          <div className="flex flex-wrap gap-3">
            <TestActions test={summary} place="product" />
          </div>
          {test.referralRequirement !== "none" ? (
            <p className="text-sm text-muted-foreground" data-testid="referral-note">
              {test.referralRequirement === "upload"
                ? t("This test needs a doctor's referral: you upload it when booking.")
                : t("This test needs a doctor's referral: you give the doctor's name when booking.")}
            </p>
          ) : null}
        </div>
      </div>

      <LabComparisonView comparison={comparison} testName={localizedField(test.name, test.nameAr, language).text} />

      <div className="mt-12 grid gap-6">
        <RichSection title={t("About This Test")} html={test.description} htmlAr={test.descriptionAr} />
        <RichSection title={t("Preparation Instructions")} html={test.preparationInstructions} htmlAr={test.preparationInstructionsAr} />
        <RichSection title={t("Why You Need This Test")} html={test.whyYouNeedThisTest} htmlAr={test.whyYouNeedThisTestAr} />
      </div>

      {related.length > 0 ? (
        <section className="mt-16" aria-labelledby="related-tests">
          <h2 id="related-tests" className="text-2xl font-bold">
            {t("Related Tests")}
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((item) => (
              <TestCard key={item.id} test={item} actions={TestActions} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
