// The English catalogue: one JSON file per area of the site (a namespace of i18next).
import common from "~/locales/en/common.json";

export const en = { common };
