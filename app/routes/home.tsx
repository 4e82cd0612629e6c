import type { Route } from "./+types/home";
import { matchHomeCategories } from "~/modules/content/home/home-categories";
import { HomePage } from "~/modules/content/home/home-page";
import { POPULAR_TEST_NAMES } from "~/modules/content/home/home-content";
import { listCategories } from "~/modules/catalog/search-tests.server";
import { findTestsByNames } from "~/modules/catalog/test-details.server";
import { pageMeta } from "~/modules/seo/page-meta";

export async function loader() {
  const [categories, popularTests] = await Promise.all([
    listCategories(),
    findTestsByNames(POPULAR_TEST_NAMES),
  ]);
  return { categories: matchHomeCategories(categories), popularTests };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "LabTest Hub - Compare and book lab tests in Abu Dhabi",
    description:
      "The most convenient way to book lab tests in UAE. Compare prices, book appointments, and receive results digitally.",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage categories={loaderData.categories} popularTests={loaderData.popularTests} />;
}
