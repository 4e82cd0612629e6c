import type { Route } from "./+types/privacy";
import { PrivacyPage } from "~/modules/content/privacy-page";
import { PrivacyPageAr } from "~/modules/content/privacy-page.ar";
import { staticPageMeta } from "~/modules/content/static-pages";
import { languageOfPath } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";

export const meta: Route.MetaFunction = ({ matches, location }) => staticPageMeta(matches, "privacy", languageOfPath(location.pathname));

export default function PrivacyPageRoute() {
  return useLanguage() === "ar" ? <PrivacyPageAr /> : <PrivacyPage />;
}
