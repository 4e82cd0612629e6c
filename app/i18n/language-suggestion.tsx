// On a first visit without a language cookie, a browser that prefers Arabic (its Accept-Language,
// which navigator.languages mirrors) is offered the Arabic page in a dismissible banner. It is
// decided in the browser, so anonymous pages stay cacheable, and it never redirects: crawlers see
// both languages. It appears after hydration, so it floats at the bottom of the window instead of
// pushing the page down under the visitor's eyes and finger.
import { X } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { LANGUAGE_COOKIE, LANGUAGE_SUGGESTION_COOKIE } from "~/i18n/languages";
import { useLanguageSwitchHref } from "~/i18n/language-switcher";
import { useLanguage } from "~/i18n/use-language";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function hasCookie(name: string) {
  return document.cookie.split(/;\s*/).some((entry) => entry.startsWith(`${name}=`));
}

/** Whether the browser's first language is Arabic, before English. */
export function prefersArabic(languages: readonly string[]): boolean {
  const first = languages.find((tag) => /^(ar|en)(-|$)/i.test(tag));
  return first !== undefined && /^ar(-|$)/i.test(first);
}

export function LanguageSuggestion() {
  const language = useLanguage();
  const href = useLanguageSwitchHref("ar");
  const [shown, setShown] = useState(false);

  useEffect(() => {
    setShown(language === "en" && !hasCookie(LANGUAGE_COOKIE) && !hasCookie(LANGUAGE_SUGGESTION_COOKIE) && prefersArabic(navigator.languages));
  }, [language]);

  if (!shown) return null;
  const dismiss = () => {
    document.cookie = `${LANGUAGE_SUGGESTION_COOKIE}=dismissed; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
    setShown(false);
  };
  return (
    <aside aria-label="اللغة" lang="ar" dir="rtl" className="fixed inset-x-0 bottom-0 z-40 border-t bg-secondary text-secondary-foreground shadow-lg">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2 text-sm">
        <p>
          هذا الموقع متوفر أيضًا باللغة العربية.{" "}
          <a href={href} hrefLang="ar" className="font-semibold underline underline-offset-4">
            التبديل إلى العربية
          </a>
        </p>
        <button type="button" onClick={dismiss} className="inline-flex size-8 items-center justify-center rounded-md hover:bg-accent">
          <X className="size-4" aria-hidden />
          <span className="sr-only">إغلاق</span>
        </button>
      </div>
    </aside>
  );
}
