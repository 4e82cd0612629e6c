import { data } from "react-router";
import type { Route } from "./+types/product";
import { NotFoundState } from "~/components/not-found-state";
import { DEFAULT_TEST_IMAGE } from "~/modules/catalog/test-card";
import { ProductView } from "~/modules/catalog/product-view";
import { BuyTestButtons } from "~/modules/checkout/buy-test-buttons";
import { isSlug } from "~/utils/slug";
import { parseCompareSort } from "~/modules/catalog/lab-comparison.server";
import { sharedComparison, sharedTestDetails } from "~/modules/catalog/shared-catalog.server";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath, localizePath } from "~/i18n/languages";
import { localizedField } from "~/i18n/localized-field";
import { absoluteUrl, pageMeta, siteSeoFromMatches } from "~/modules/seo/page-meta";
import { notFoundPageMeta } from "~/modules/seo/private-paths";
import { filsToAed } from "~/utils/money";
import { productAreaChoice, productInArea } from "~/modules/catalog/area-prices.server";
import { AreaNotice } from "~/modules/catalog/components/area-notice";
import { getUser } from "~/modules/accounts/guards.server";
import { knownPatientArea } from "~/modules/booking/patient-area.server";
import { useFunnelStep } from "~/utils/funnel-beacon";

/** What a missing test shows (spec: error catalogue). */
const NOT_FOUND = {
  title: "Test Not Found",
  message: "The test you are looking for does not exist or is no longer offered.",
  actionLabel: "Browse All Tests",
  actionTo: "/search",
  toast: "Test not found",
} as const;

export async function loader({ params, request }: Route.LoaderArgs) {
  const details = isSlug(params.slug) ? await sharedTestDetails(params.slug) : null;
  if (!details) return data({ test: null, related: [], comparison: null, areaChoice: null, areaFromAccount: false }, { status: 404 });
  const query = new URL(request.url).searchParams;
  // With an area chosen (?area=…&home=1 from the search; else the signed-in patient's saved address
  // or last home visit, unless ?area= is empty: "every lab"), only the labs serving it, at what they cost there (issue 26).
  const user = query.has("area") ? null : await getUser(request);
  const known = user ? await knownPatientArea(user.id) : null;
  const areaChoice = productAreaChoice(query) ?? (known ? { area: known.area, home: false } : null);
  const { test, comparison } = await productInArea(details.test, await sharedComparison(details.test.id, parseCompareSort(query.get("compare"))), areaChoice);
  return { test, related: details.related, comparison, areaChoice, areaFromAccount: !productAreaChoice(query) && !!known };
}

/** The comparison's sort (?compare=…) and area (?area=…&home=1) are views of the same page: canonical and og:url leave them out. */
function withoutCompareParam(tags: ReturnType<typeof pageMeta>) {
  return tags.map((tag) => {
    const key = "href" in tag ? "href" : "content";
    const value = (tag as Record<string, unknown>)[key];
    const isAddress = ("rel" in tag && tag.rel === "canonical") || ("property" in tag && tag.property === "og:url");
    if (!isAddress || typeof value !== "string" || !/(compare|area|home)=/.test(value)) return tag;
    const url = new URL(value);
    for (const name of ["compare", "area", "home"]) url.searchParams.delete(name);
    return { ...tag, [key]: url.toString() };
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const test = loaderData?.test;
  const language = languageOfPath(location.pathname);
  if (!test) return notFoundPageMeta(translatorFor(language, "catalog")(NOT_FOUND.title));
  const name = localizedField(test.name, test.nameAr, language).text;
  const categoryName = localizedField(test.categoryName, test.categoryNameAr, language).text;
  const description = localizedField(test.plainDescription, test.plainDescriptionAr, language).text;
  const siteUrl = siteSeoFromMatches(matches)?.site.url ?? "";
  const url = absoluteUrl(siteUrl, localizePath(`/product/${test.slug}`, language));
  const comparison = loaderData.comparison?.rows ?? [];
  const prices = comparison.map((row) => row.priceFils);
  const offers =
    prices.length > 0
      ? {
          "@type": "AggregateOffer",
          lowPrice: filsToAed(Math.min(...prices)).toFixed(2),
          highPrice: filsToAed(Math.max(...prices)).toFixed(2),
          offerCount: prices.length,
          priceCurrency: "AED",
          availability: "https://schema.org/InStock",
          url,
        }
      : {
          "@type": "Offer",
          price: filsToAed(test.priceFils).toFixed(2),
          priceCurrency: "AED",
          availability: "https://schema.org/InStock",
          url,
        };
  const tags = pageMeta(matches, {
    title: `${name} - ${categoryName}`,
    description: description.slice(0, 160),
    image: test.featuredImage,
    type: "product",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name,
        description,
        sku: test.id,
        category: categoryName,
        image: absoluteUrl(siteUrl, test.featuredImage || DEFAULT_TEST_IMAGE),
        url,
        offers,
      },
    ],
  });
  return withoutCompareParam(tags);
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  useFunnelStep("product_view", loaderData.test?.id ?? null);
  if (!loaderData.test) return <NotFoundState {...NOT_FOUND} />;
  const { test, areaChoice, comparison } = loaderData;
  const areaNotice = areaChoice ? <AreaNotice choice={areaChoice} slug={test.slug} labCount={comparison.rows.length} fromAccount={loaderData.areaFromAccount} /> : null;
  return <ProductView test={test} related={loaderData.related} comparison={comparison} testActions={BuyTestButtons} areaNotice={areaNotice} />;
}
