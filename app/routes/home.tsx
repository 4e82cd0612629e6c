import type { Route } from "./+types/home";
import { db } from "~/db/db.server";
import { matchHomeCategories } from "~/components/home/home-categories";
import { HomePage } from "~/components/home/home-page";
import { listCategories } from "~/modules/catalog/search-tests.server";
import { pageMeta } from "~/modules/seo/page-meta";

export async function loader() {
  return { categories: matchHomeCategories(await listCategories(db)) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "LabTest Hub - Compare and book lab tests in Abu Dhabi",
    description:
      "The most convenient way to book lab tests in UAE. Compare prices, book appointments, and receive results digitally.",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage categories={loaderData.categories} />;
}
