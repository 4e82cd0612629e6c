import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/i18n";
import { useLanguage } from "~/i18n/use-language";

/**
 * Translates text that arrives as data (an action's field errors, a status label): the spec's
 * English is the key, looked up in every namespace of the page's language.
 */
export function useMessageTranslator(): (text: string) => string {
  const { i18n } = useTranslation();
  const language = useLanguage();
  return (text) => translateMessage(i18n, text, language);
}
