import { useEffect } from "react";
import { browserMessagesFor } from "~/i18n/browser-messages";
import { useLanguage } from "~/i18n/use-language";
import { useTranslation } from "~/i18n/use-translation";

/**
 * Keeps the browser's Lingui instance in the language of the address. The switcher reloads the
 * page, so this only acts when a client-side navigation crosses languages (e.g. an Arabic page's
 * link to the English admin area and back).
 */
export function useLanguageSync() {
  const language = useLanguage();
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.locale === language) return;
    void (async () => {
      i18n.load(language, await browserMessagesFor(language));
      i18n.activate(language);
    })();
  }, [i18n, language]);
}
