import type { Route } from "./+types/terms";
import { TermsPage } from "~/modules/content/terms-page";
import { staticPageMeta } from "~/modules/content/static-pages";

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, "terms");

export default TermsPage;
