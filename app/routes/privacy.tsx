import type { Route } from "./+types/privacy";
import { pageMeta } from "~/modules/seo/page-meta";
import { PrivacyPage } from "~/modules/content/privacy-page";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description: "How LabTest Hub collects, uses and protects your personal and health information.",
  });

export default function Page() {
  return <PrivacyPage />;
}
