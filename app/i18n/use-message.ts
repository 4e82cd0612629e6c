import { translateMessage } from "~/i18n/i18n";
import { useTranslation } from "~/i18n/use-translation";

/**
 * Translates text that arrives as data (an action's field errors, a status label): the spec's
 * English is the key, looked up in the page's language.
 */
export function useMessageTranslator(): (text: string) => string {
  const { i18n } = useTranslation();
  return (text) => translateMessage(i18n, text);
}
