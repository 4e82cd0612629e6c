import { useLingui } from "@lingui/react";
import { namespaceT, type Namespace } from "~/i18n/i18n";

/**
 * The page's translations: t for a namespace (common when none is given) and the Lingui instance.
 * Lingui's provider re-renders its users when the browser's language changes.
 */
export function useTranslation<N extends Namespace = "common">(namespace?: N) {
  const { i18n } = useLingui();
  return { t: namespaceT(i18n, namespace), i18n };
}
