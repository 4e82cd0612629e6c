import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/i18n/use-language";

/**
 * Keeps the browser's i18next instance in the language of the address. The switcher reloads the
 * page, so this only acts when a client-side navigation crosses languages (e.g. an Arabic page's
 * link to the English admin area and back).
 */
export function useLanguageSync() {
  const language = useLanguage();
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language === language) return;
    void (async () => {
      if (language === "ar" && !i18n.hasResourceBundle("ar", "common")) {
        const { arSite: ar } = await import("~/locales/ar/site");
        for (const [namespace, resources] of Object.entries(ar)) i18n.addResourceBundle("ar", namespace, resources);
      }
      await i18n.changeLanguage(language);
    })();
  }, [i18n, language]);
}
