// Content (tests, categories, labs, posts) has an Arabic text beside each English one. An Arabic
// page shows the Arabic text, or the English one marked lang="en" when there is no translation.
import type { ElementType, ComponentPropsWithoutRef } from "react";
import type { Language } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";

export type LocalizedField = { text: string; lang?: "en" };

export function localizedField(english: string, arabic: string | null | undefined, language: Language): LocalizedField {
  if (language === "en") return { text: english };
  const translation = arabic?.trim();
  return translation ? { text: translation } : { text: english, lang: "en" };
}

type Props<T extends ElementType> = { as?: T; en: string; ar: string | null | undefined } & Omit<ComponentPropsWithoutRef<T>, "children" | "lang">;

/**
 * The field as text, in the page's language; an English fallback on an Arabic page carries
 * lang="en" and is isolated (<bdi>), so that "2-Hour Glucose" keeps its order in right-to-left text.
 */
export function LocalizedText<T extends ElementType = "span">({ as, en, ar, ...props }: Props<T>) {
  const Tag: ElementType = as ?? "span";
  const field = localizedField(en, ar, useLanguage());
  return (
    <Tag {...props} lang={field.lang}>
      {field.lang ? <bdi>{field.text}</bdi> : field.text}
    </Tag>
  );
}
