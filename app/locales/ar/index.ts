// The Arabic catalogue: the same namespaces and keys as the English one (app/locales/en).
import common from "~/locales/ar/common.json";

export const ar = { common };
