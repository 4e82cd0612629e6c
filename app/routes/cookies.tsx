import type { Route } from "./+types/cookies";
import { CookiesPage } from "~/modules/content/cookies-page";
import { CookiesPageAr } from "~/modules/content/cookies-page.ar";
import { staticPageMeta } from "~/modules/content/static-pages";
import { languageOfPath } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";

export const meta: Route.MetaFunction = ({ matches, location }) => staticPageMeta(matches, "cookies", languageOfPath(location.pathname));

export default function CookiesPageRoute() {
  return useLanguage() === "ar" ? <CookiesPageAr /> : <CookiesPage />;
}
