import { data } from "react-router";
import type { Route } from "./+types/category";
import { NotFoundState } from "~/components/not-found-state";
import { CategoryView } from "~/modules/catalog/category-view";
import { BuyTestButtons, useBuyTestButtonsVariant } from "~/modules/checkout/buy-test-buttons";
import { isUuid, parsePage } from "~/modules/catalog/search-params";
import { sharedCategoryPage } from "~/modules/catalog/shared-catalog.server";
import { pageMeta } from "~/modules/seo/page-meta";
import { notFoundPageMeta } from "~/modules/seo/private-paths";
import { translatorFor } from "~/i18n/i18n";
import { languageOfRequest } from "~/i18n/i18n.server";
import { languageOfPath } from "~/i18n/languages";
import { localizedField } from "~/i18n/localized-field";

/** What a missing category shows (spec: error catalogue). */
const NOT_FOUND = {
  title: "Category not found",
  message: "This category does not exist. Browse all our lab tests instead.",
  actionLabel: "Browse All Tests",
  actionTo: "/search",
  toast: "Category not found",
} as const;

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const found = isUuid(params.categoryId) ? await sharedCategoryPage(params.categoryId.toLowerCase(), page, languageOfRequest(request)) : null;
  if (!found) return data({ category: null, listing: null }, { status: 404 });
  const { category, listing } = found;
  return {
    category: {
      id: category.id,
      name: category.name,
      nameAr: category.nameAr,
      description: category.description,
      descriptionAr: category.descriptionAr,
      icon: category.icon,
    },
    listing,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const language = languageOfPath(location.pathname);
  const t = translatorFor(language, "catalog");
  const category = loaderData?.category;
  if (!category) return notFoundPageMeta(t(NOT_FOUND.title));
  const name = localizedField(category.name, category.nameAr, language).text;
  const description = category.description ? localizedField(category.description, category.descriptionAr, language).text : null;
  return pageMeta(matches, {
    title: t("{{category}} Tests", { category: name }),
    description: description ?? t("Compare and book {{category}} lab tests in Abu Dhabi.", { category: name }),
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const testActionsVariant = useBuyTestButtonsVariant(loaderData.listing?.tests ?? []);
  if (!loaderData.category || !loaderData.listing) return <NotFoundState {...NOT_FOUND} />;
  return <CategoryView category={loaderData.category} listing={loaderData.listing} testActions={BuyTestButtons} testActionsVariant={testActionsVariant} />;
}
