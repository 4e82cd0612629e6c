import { useLocation } from "react-router";
import { languageOfPath, localizePath, type Language } from "~/i18n/languages";

/** The language of the page being shown, from its address. */
export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

/** Site paths in the page's language: localize("/search?q=x") on an Arabic page is "/ar/search?q=x". */
export function useLocalizePath(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizePath(path, language);
}
