// The Arabic catalogue: the same namespaces and keys as the English one (app/locales/en).
import emails from "~/locales/ar/emails.json";
import { arSite } from "~/locales/ar/site";

export const ar = { ...arSite, emails };
