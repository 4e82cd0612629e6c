import { useTranslation } from "~/i18n/use-translation";

/**
 * Names that arrive as data in English (areas of Abu Dhabi, topics of posts) in the page's
 * language (the `names` catalogue); a name without a translation is shown as it is.
 */
export function useNameTranslator(): (name: string) => string {
  const { t } = useTranslation("names");
  return (name) => t(name as never);
}
