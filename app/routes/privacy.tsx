import type { Route } from "./+types/privacy";
import { PrivacyPage } from "~/modules/content/privacy-page";
import { staticPageMeta } from "~/modules/content/static-pages";

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, "privacy");

export default PrivacyPage;
