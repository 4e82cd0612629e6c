import type { Route } from "./+types/about";
import { AboutPage } from "~/modules/content/about-page";
import { AboutPageAr } from "~/modules/content/about-page.ar";
import { staticPageMeta } from "~/modules/content/static-pages";
import { languageOfPath } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";

export const meta: Route.MetaFunction = ({ matches, location }) => staticPageMeta(matches, "about", languageOfPath(location.pathname));

export default function AboutPageRoute() {
  return useLanguage() === "ar" ? <AboutPageAr /> : <AboutPage />;
}
