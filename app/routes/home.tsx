import type { Route } from "./+types/home";
import { matchHomeCategories } from "~/modules/content/home/home-categories";
import { HomePage } from "~/modules/content/home/home-page";
import { POPULAR_TEST_NAMES } from "~/modules/content/home/home-content";
import { sharedCategories, sharedTestsByNames } from "~/modules/catalog/shared-catalog.server";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";
import { pageMeta } from "~/modules/seo/page-meta";

export async function loader() {
  const [categories, popularTests] = await Promise.all([
    sharedCategories(),
    sharedTestsByNames(POPULAR_TEST_NAMES),
  ]);
  return { categories: matchHomeCategories(categories), popularTests };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = translatorFor(languageOfPath(location.pathname), "home");
  return pageMeta(matches, {
    title: t("LabTest Hub - Compare and book lab tests in Abu Dhabi"),
    description: t("The most convenient way to book lab tests in UAE. Compare prices, book appointments, and receive results digitally."),
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage categories={loaderData.categories} popularTests={loaderData.popularTests} />;
}
