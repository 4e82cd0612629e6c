import type { Route } from "./+types/terms";
import { currentChangePolicy } from "~/modules/booking/change-policy.server";
import { TermsPage } from "~/modules/content/terms-page";
import { TermsPageAr } from "~/modules/content/terms-page.ar";
import { staticPageMeta } from "~/modules/content/static-pages";
import { languageOfPath } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";

export const meta: Route.MetaFunction = ({ matches, location }) => staticPageMeta(matches, "terms", languageOfPath(location.pathname));

/** Section 6 states the change policy with the numbers this deployment applies (the fee is a setting). */
export function loader() {
  return { policy: currentChangePolicy() };
}

export default function TermsPageRoute({ loaderData }: Route.ComponentProps) {
  return useLanguage() === "ar" ? <TermsPageAr policy={loaderData.policy} /> : <TermsPage policy={loaderData.policy} />;
}
