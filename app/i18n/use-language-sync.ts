import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { useLanguage } from "~/i18n/use-language";

/**
 * Keeps the browser's i18n instance in the language of the address. The switcher reloads the
 * page, so this only acts when a client-side navigation crosses languages (e.g. an Arabic page's
 * link to the English admin area and back).
 */
export function useLanguageSync() {
  const language = useLanguage();
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language === language) return;
    void (async () => {
      if (language === "ar" && !i18n.hasLanguage("ar")) i18n.addLanguage("ar", (await import("~/locales/ar/site")).arSite);
      i18n.changeLanguage(language);
    })();
  }, [i18n, language]);
}
