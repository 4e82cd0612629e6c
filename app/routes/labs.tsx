import type { Route } from "./+types/labs";
import { listLabsForDirectory } from "~/modules/labs/lab-directory.server";
import { LabDirectoryView } from "~/modules/labs/lab-directory-view";
import { absoluteUrl, pageMeta, siteSeoFromMatches } from "~/modules/seo/page-meta";

export async function loader() {
  return { labs: await listLabsForDirectory() };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteUrl = siteSeoFromMatches(matches)?.site.url ?? "";
  const labs = loaderData?.labs ?? [];
  return pageMeta(matches, {
    title: "Partner Labs in Abu Dhabi",
    description: `Compare ${labs.length} partner labs in Abu Dhabi: areas, opening hours, home collection fees and their prices for each lab test.`,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        itemListElement: labs.map((lab, index) => ({
          "@type": "ListItem",
          position: index + 1,
          url: absoluteUrl(siteUrl, `/labs/${lab.slug}`),
          name: lab.name,
        })),
      },
    ],
  });
};

export default function LabsPage({ loaderData }: Route.ComponentProps) {
  return <LabDirectoryView labs={loaderData.labs} />;
}
