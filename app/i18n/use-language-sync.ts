import { useEffect } from "react";
import { browserMessages } from "~/i18n/i18n";
import { useLanguage } from "~/i18n/use-language";
import { useTranslation } from "~/i18n/use-translation";
import { en } from "~/locales/en";

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
      const english = browserMessages(en);
      const messages = language === "ar" ? { ...english, ...browserMessages((await import("~/locales/ar/site")).arSite) } : english;
      i18n.load(language, messages);
      i18n.activate(language);
    })();
  }, [i18n, language]);
}
