// The Arabic catalogue the browser loads on Arabic pages: every namespace but the e-mails', which
// only the server renders.
import common from "~/locales/ar/common.json";
import home from "~/locales/ar/home.json";
import pages from "~/locales/ar/pages.json";
import catalog from "~/locales/ar/catalog.json";
import checkout from "~/locales/ar/checkout.json";
import account from "~/locales/ar/account.json";
import names from "~/locales/ar/names.json";
import results from "~/locales/ar/results.json";

export const arSite = { common, home, pages, catalog, checkout, account, names, results };
