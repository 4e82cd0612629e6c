import type { Route } from "./+types/terms";
import { TermsPage } from "~/modules/content/terms-page";
import { TermsPageAr } from "~/modules/content/terms-page.ar";
import { staticPageMeta } from "~/modules/content/static-pages";
import { languageOfPath } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";

export const meta: Route.MetaFunction = ({ matches, location }) => staticPageMeta(matches, "terms", languageOfPath(location.pathname));

export default function TermsPageRoute() {
  return useLanguage() === "ar" ? <TermsPageAr /> : <TermsPage />;
}
