import type { Route } from "./+types/terms";
import { pageMeta } from "~/modules/seo/page-meta";
import { TermsPage } from "~/modules/content/terms-page";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms of Service",
    description: "The terms for booking lab tests through LabTest Hub: prices in AED including taxes, cancellations and refunds.",
  });

export default function Page() {
  return <TermsPage />;
}
