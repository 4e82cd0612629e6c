import { ArrowLeft, Clock, FileText, FolderHeart } from "lucide-react";
import { Link } from "react-router";
import { DEFAULT_TEST_IMAGE, TestCard } from "~/modules/catalog/test-card";
import { buttonVariants } from "~/components/ui/button";
import { AddToCartControl } from "~/modules/cart/add-to-cart-control";
import { BookTestButton } from "~/modules/catalog/book-test-button";
import { formatAed } from "~/utils/money";
import { cn } from "~/utils/cn";
import type { TestCardData } from "~/modules/catalog/test-card-data.server";
import type { findTestBySlug } from "~/modules/catalog/test-details.server";
import type { LabComparison } from "~/modules/catalog/lab-comparison.server";
import { COMPARISON_ID } from "~/modules/catalog/lab-comparison";
import { LabComparisonView } from "~/modules/catalog/components/lab-comparison-view";

export const REPORT_FORMAT_LABEL = "Digital & Printable";

type ProductTest = NonNullable<Awaited<ReturnType<typeof findTestBySlug>>>;

function SummaryCard({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
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

function RichSection({ title, html }: { title: string; html: string }) {
  if (!html) return null;
  return (
    <section className="rounded-lg border bg-card p-6">
      <h2 className="text-xl font-semibold">{title}</h2>
      {/* Sanitised on the server with the one allow-list (sanitize-html.ts). */}
      <div className="rich-text mt-4 text-muted-foreground" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

export function ProductView({ test, related, comparison }: { test: ProductTest; related: TestCardData[]; comparison: LabComparison }) {
  const summary = { id: test.id, name: test.name, slug: test.slug, priceFils: test.priceFils, featuredImage: test.featuredImage };
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <Link to="/search" className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ms-3")}>
        <ArrowLeft className="rtl:rotate-180" aria-hidden /> Back to Tests
      </Link>
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <img
          src={test.featuredImage || DEFAULT_TEST_IMAGE}
          alt={test.name}
          width={800}
          height={600}
          className="aspect-[4/3] w-full rounded-lg border bg-muted object-cover"
        />
        <div className="flex flex-col gap-5">
          <div>
            {test.categoryId ? (
              <Link to={`/category/${test.categoryId}`} className="text-sm font-medium text-primary hover:underline">
                {test.categoryName}
              </Link>
            ) : (
              <p className="text-sm font-medium text-primary">{test.categoryName}</p>
            )}
            <h1 className="mt-1 text-2xl font-bold tracking-tight wrap-anywhere sm:text-4xl">{test.name}</h1>
          </div>
          <div>
            {comparison.rows.length > 0 ? (
              <p className="text-sm font-medium text-muted-foreground">
                From, at {comparison.rows.length} {comparison.rows.length === 1 ? "lab" : "labs"}:
              </p>
            ) : null}
            <p className="text-3xl font-bold text-primary">{formatAed(test.priceFils)}</p>
            {comparison.rows.length > 1 ? (
              <a href={`#${COMPARISON_ID}`} className="text-sm font-medium text-primary hover:underline">
                Compare labs
              </a>
            ) : null}
          </div>
          {/* A one-sentence lead; the full text is under About This Test. */}
          {test.plainDescription ? <p className="text-muted-foreground">{test.plainDescription.split(/(?<=[.!?])\s/)[0]}</p> : null}
          <div className="grid gap-3 sm:grid-cols-3">
            <SummaryCard icon={<Clock className="size-5" aria-hidden />} label="Result Time" value={test.resultTime} />
            <SummaryCard icon={<FolderHeart className="size-5" aria-hidden />} label="Category" value={test.categoryName} />
            <SummaryCard icon={<FileText className="size-5" aria-hidden />} label="Report Format" value={REPORT_FORMAT_LABEL} />
          </div>
          <div className="flex flex-wrap gap-3">
            <BookTestButton test={summary} label="Book This Test" />
            <AddToCartControl test={summary} />
          </div>
        </div>
      </div>

      <LabComparisonView comparison={comparison} testName={test.name} />

      <div className="mt-12 grid gap-6">
        <RichSection title="About This Test" html={test.description} />
        <RichSection title="Preparation Instructions" html={test.preparationInstructions} />
        <RichSection title="Why You Need This Test" html={test.whyYouNeedThisTest} />
      </div>

      {related.length > 0 ? (
        <section className="mt-16" aria-labelledby="related-tests">
          <h2 id="related-tests" className="text-2xl font-bold">
            Related Tests
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((item) => (
              <TestCard key={item.id} test={item} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
