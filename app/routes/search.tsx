import type { Route } from "./+types/search";
import { SEARCH_PAGE_SIZE, hasOfferFilters, searchHref, parseSearchState } from "~/modules/catalog/search-params";
import { sharedCategories, sharedSearch } from "~/modules/catalog/shared-catalog.server";
import { recordSearch } from "~/modules/catalog/search-stats.server";
import { SearchView, searchHeading } from "~/modules/catalog/search-view";
import { BuyTestButtons, useBuyTestButtonsVariant } from "~/modules/checkout/buy-test-buttons";
import { sharedLabFilterOptions } from "~/modules/labs/lab-directory.server";
import { translatorFor } from "~/i18n/i18n";
import { languageOfRequest } from "~/i18n/i18n.server";
import { languageOfPath, localizePath } from "~/i18n/languages";
import { localizedField } from "~/i18n/localized-field";
import { absoluteUrl, pageMeta, siteSeoFromMatches } from "~/modules/seo/page-meta";

export async function loader({ request }: Route.LoaderArgs) {
  const state = parseSearchState(new URL(request.url).searchParams);
  const [result, categories, filterOptions] = await Promise.all([sharedSearch(state, languageOfRequest(request)), sharedCategories(), sharedLabFilterOptions()]);
  recordSearch({ query: state.q, total: result.total, page: state.page, filtered: !!state.categoryId || hasOfferFilters(state), userAgent: request.headers.get("User-Agent") });
  const categoryName = categories.find((category) => category.id === state.categoryId)?.name ?? null;
  return { state, result, categories, categoryName, filterOptions };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const language = languageOfPath(location.pathname);
  const t = translatorFor(language, "catalog");
  if (!loaderData) return [{ title: t("Search | LabTest Hub") }];
  const { state, result, categories } = loaderData;
  const category = categories.find((option) => option.id === state.categoryId);
  const categoryName = category ? localizedField(category.name, category.nameAr, language).text : null;
  const siteUrl = siteSeoFromMatches(matches)?.site.url ?? "";
  const sort = state.sortChosen ? state.sort : null;
  const pageUrl = (page: number) => absoluteUrl(siteUrl, localizePath(searchHref({ q: state.q, categoryId: state.categoryId, sort, page, lab: state.lab, area: state.area, home: state.home }), language));
  const extra = [];
  if (result.page > 1) extra.push({ tagName: "link", rel: "prev", href: pageUrl(result.page - 1) });
  if (result.page < result.pageCount) extra.push({ tagName: "link", rel: "next", href: pageUrl(result.page + 1) });
  return pageMeta(matches, {
    title: searchHeading(t, state.q, categoryName),
    description: t("Compare prices of {{count}} lab tests in Abu Dhabi and book online.", { count: result.total.toLocaleString("en-AE") }),
    noindex: true,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        itemListElement: result.tests.slice(0, 10).map((test, index) => ({
          "@type": "ListItem",
          position: (result.page - 1) * SEARCH_PAGE_SIZE + index + 1,
          url: absoluteUrl(siteUrl, localizePath(`/product/${test.slug}`, language)),
          name: localizedField(test.name, test.nameAr, language).text,
        })),
      },
    ],
    extra,
  });
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const testActionsVariant = useBuyTestButtonsVariant(loaderData.result.tests);
  return <SearchView {...loaderData} testActions={BuyTestButtons} testActionsVariant={testActionsVariant} />;
}
