import { data } from "react-router";
import type { Route } from "./+types/lab";
import { NotFoundState } from "~/components/not-found-state";
import { parsePage, parseSearchState } from "~/modules/catalog/search-params";
import { weekdayOf } from "~/modules/slots/schedule";
import { findLabBySlug, labTestsPage } from "~/modules/labs/lab-directory.server";
import { labJsonLd } from "~/modules/labs/lab-details";
import { LabView } from "~/modules/labs/lab-view";
import { absoluteUrl, pageMeta, siteSeoFromMatches } from "~/modules/seo/page-meta";
import { notFoundPageMeta } from "~/modules/seo/private-paths";
import { todayInDubai } from "~/utils/dubai-date";
import { isSlug } from "~/utils/slug";

/** What a missing or inactive lab shows (like a missing test). */
const NOT_FOUND = {
  title: "Lab Not Found",
  message: "The lab you are looking for does not exist or is no longer a partner.",
  actionLabel: "See All Labs",
  actionTo: "/labs",
  toast: "Lab not found",
};

export async function loader({ params, request }: Route.LoaderArgs) {
  const lab = isSlug(params.slug) ? await findLabBySlug(params.slug) : null;
  if (!lab) return data({ lab: null, tests: null, q: "", today: null }, { status: 404 });
  const searchParams = new URL(request.url).searchParams;
  const q = parseSearchState(searchParams).q;
  const tests = await labTestsPage(lab, { q, page: parsePage(searchParams.get("page")) });
  return { lab, tests, q, today: weekdayOf(todayInDubai()) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const lab = loaderData?.lab;
  if (!lab) return notFoundPageMeta(NOT_FOUND.title);
  const siteUrl = siteSeoFromMatches(matches)?.site.url ?? "";
  const url = absoluteUrl(siteUrl, `/labs/${lab.slug}`);
  const where = lab.area ? ` in ${lab.area}, Abu Dhabi` : " in Abu Dhabi";
  return pageMeta(matches, {
    title: `${lab.name}${lab.area ? ` - ${lab.area}` : ""}: Lab Tests and Prices`,
    description: (lab.description || `${lab.name}${where}: opening hours, home collection and prices of its lab tests.`).slice(0, 160),
    image: lab.bannerUrl || lab.logoUrl,
    noindex: !!loaderData.q,
    jsonLd: [labJsonLd(lab, url, lab.logoUrl ? absoluteUrl(siteUrl, lab.logoUrl) : null)],
  });
};

export default function LabPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.lab || !loaderData.tests || !loaderData.today) return <NotFoundState {...NOT_FOUND} />;
  return <LabView lab={loaderData.lab} tests={loaderData.tests} q={loaderData.q} today={loaderData.today} />;
}
