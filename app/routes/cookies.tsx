import type { Route } from "./+types/cookies";
import { CookiesPage } from "~/modules/content/cookies-page";
import { staticPageMeta } from "~/modules/content/static-pages";

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, "cookies");

export default CookiesPage;
