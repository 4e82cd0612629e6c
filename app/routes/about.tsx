import type { Route } from "./+types/about";
import { pageMeta } from "~/modules/seo/page-meta";
import { AboutPage } from "~/modules/content/about-page";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "About Us",
    description: "Who we are: an Abu Dhabi marketplace to compare and book lab tests from 20+ licensed partner labs, with home collection and digital results.",
  });

export default function Page() {
  return <AboutPage />;
}
