import { data } from "react-router";
import type { Route } from "./+types/lab";
import { NotFoundState } from "~/components/not-found-state";
import { parsePage, parseSearchState } from "~/modules/catalog/search-params";
import { weekdayOf } from "~/modules/slots/schedule";
import { sharedLabPage } from "~/modules/labs/lab-directory.server";
import { labJsonLd } from "~/modules/labs/lab-details";
import { LabView } from "~/modules/labs/lab-view";
import { absoluteUrl, pageMeta, siteSeoFromMatches } from "~/modules/seo/page-meta";
import { notFoundPageMeta } from "~/modules/seo/private-paths";
import { todayInDubai } from "~/utils/dubai-date";
import { isSlug } from "~/utils/slug";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath, localizePath } from "~/i18n/languages";
import { localizedField } from "~/i18n/localized-field";

/** What a missing or inactive lab shows (like a missing test). */
const NOT_FOUND = {
  title: "Lab Not Found",
  message: "The lab you are looking for does not exist or is no longer a partner.",
  actionLabel: "See All Labs",
  actionTo: "/labs",
  toast: "Lab not found",
} as const;

export async function loader({ params, request }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams;
  const q = parseSearchState(searchParams).q;
  const found = isSlug(params.slug) ? await sharedLabPage(params.slug, { q, page: parsePage(searchParams.get("page")) }) : null;
  if (!found) return data({ lab: null, tests: null, q: "", today: null }, { status: 404 });
  return { lab: found.lab, tests: found.tests, q, today: weekdayOf(todayInDubai()) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const language = languageOfPath(location.pathname);
  const t = translatorFor(language, "catalog");
  const lab = loaderData?.lab;
  if (!lab) return notFoundPageMeta(t(NOT_FOUND.title));
  const siteUrl = siteSeoFromMatches(matches)?.site.url ?? "";
  const url = absoluteUrl(siteUrl, localizePath(`/labs/${lab.slug}`, language));
  const name = localizedField(lab.name, lab.nameAr, language).text;
  const description = localizedField(lab.description ?? "", lab.descriptionAr, language).text;
  const area = lab.area ? translatorFor(language, "names")(lab.area as never) : null;
  const title = area ? t("{{lab}} - {{area}}: Lab Tests and Prices", { lab: name, area }) : t("{{lab}}: Lab Tests and Prices", { lab: name });
  const where = area
    ? t("{{lab}} in {{area}}, Abu Dhabi: opening hours, home collection and prices of its lab tests.", { lab: name, area })
    : t("{{lab}} in Abu Dhabi: opening hours, home collection and prices of its lab tests.", { lab: name });
  return pageMeta(matches, {
    title,
    description: (description || where).slice(0, 160),
    image: lab.bannerUrl || lab.logoUrl,
    noindex: !!loaderData.q,
    jsonLd: [
      labJsonLd(
        { ...lab, name, description: description || null, address: localizedField(lab.address ?? "", lab.addressAr, language).text || null },
        url,
        lab.logoUrl ? absoluteUrl(siteUrl, lab.logoUrl) : null,
      ),
    ],
  });
};

export default function LabPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.lab || !loaderData.tests || !loaderData.today) return <NotFoundState {...NOT_FOUND} />;
  return <LabView lab={loaderData.lab} tests={loaderData.tests} q={loaderData.q} today={loaderData.today} />;
}
