// The Arabic catalogue: the same namespaces and keys as the English one (app/locales/en).
import common from "~/locales/ar/common.json";
import home from "~/locales/ar/home.json";
import pages from "~/locales/ar/pages.json";
import catalog from "~/locales/ar/catalog.json";
import checkout from "~/locales/ar/checkout.json";
import account from "~/locales/ar/account.json";
import emails from "~/locales/ar/emails.json";

export const ar = { common, home, pages, catalog, checkout, account, emails };
