import type { Route } from "./+types/about";
import { AboutPage } from "~/modules/content/about-page";
import { staticPageMeta } from "~/modules/content/static-pages";

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, "about");

export default AboutPage;
