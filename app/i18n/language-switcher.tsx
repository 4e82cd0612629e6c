import { Languages } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { pathWithoutLanguage, type Language } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";
import { cn } from "~/utils/cn";

/** Where the switcher sends the visitor: the same page in the other language, the choice remembered. */
export function useLanguageSwitchHref(target: Language): string {
  const { pathname, search, hash } = useLocation();
  const to = `${pathWithoutLanguage(pathname)}${search}${hash}`;
  return `/language?${new URLSearchParams({ lang: target, to })}`;
}

/**
 * The header's link to the other language (a full page load: the page is rendered in it).
 * `display` replaces its inline-flex, e.g. "hidden md:inline-flex".
 */
export function LanguageSwitcher({ display = "inline-flex", onNavigate }: { display?: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const target: Language = useLanguage() === "ar" ? "en" : "ar";
  const href = useLanguageSwitchHref(target);
  return (
    <a
      href={href}
      hrefLang={target}
      onClick={onNavigate}
      className={cn(display, "items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent")}
    >
      <Languages className="size-4" aria-hidden />
      <span className="sr-only">{t("Language")}: </span>
      {/* A language's name is written in that language (WCAG 3.1.2). */}
      <span lang={target}>{target === "ar" ? "العربية" : "English"}</span>
    </a>
  );
}
