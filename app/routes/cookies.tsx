import type { Route } from "./+types/cookies";
import { pageMeta } from "~/modules/seo/page-meta";
import { CookiesPage } from "~/modules/content/cookies-page";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Cookie Policy",
    description: "Which cookies LabTest Hub uses and how you can control them.",
  });

export default function Page() {
  return <CookiesPage />;
}
