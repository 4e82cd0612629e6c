import type { Route } from "./+types/labs";
import { sharedLabDirectory } from "~/modules/labs/lab-directory.server";
import { LabDirectoryView } from "~/modules/labs/lab-directory-view";
import { absoluteUrl, pageMeta, siteSeoFromMatches } from "~/modules/seo/page-meta";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath, localizePath } from "~/i18n/languages";
import { localizedField } from "~/i18n/localized-field";

export async function loader() {
  return { labs: await sharedLabDirectory() };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const language = languageOfPath(location.pathname);
  const t = translatorFor(language, "catalog");
  const siteUrl = siteSeoFromMatches(matches)?.site.url ?? "";
  const labs = loaderData?.labs ?? [];
  return pageMeta(matches, {
    title: t("Partner Labs in Abu Dhabi"),
    description: t("Compare {{n}} partner labs in Abu Dhabi: areas, opening hours, home collection fees and their prices for each lab test.", {
      n: labs.length,
    }),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        itemListElement: labs.map((lab, index) => ({
          "@type": "ListItem",
          position: index + 1,
          url: absoluteUrl(siteUrl, localizePath(`/labs/${lab.slug}`, language)),
          name: localizedField(lab.name, lab.nameAr, language).text,
        })),
      },
    ],
  });
};

export default function LabsPage({ loaderData }: Route.ComponentProps) {
  return <LabDirectoryView labs={loaderData.labs} />;
}
