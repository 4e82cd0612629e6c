// The English catalogue: one JSON file per area of the site (a namespace), in i18next's format (i18n/messages.ts).
import common from "~/locales/en/common.json";
import home from "~/locales/en/home.json";
import pages from "~/locales/en/pages.json";
import catalog from "~/locales/en/catalog.json";
import checkout from "~/locales/en/checkout.json";
import account from "~/locales/en/account.json";
import emails from "~/locales/en/emails.json";
import names from "~/locales/en/names.json";
import results from "~/locales/en/results.json";

export const en = { common, home, pages, catalog, checkout, account, emails, names, results };
