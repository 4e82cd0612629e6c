import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import { resultTimeParts } from "~/modules/catalog/result-time";

/** "24-48 hours" in the page's language; a text of another shape stays as written, marked English. */
export function ResultTimeText({ text }: { text: string }) {
  const { t } = useTranslation("catalog");
  const language = useLanguage();
  if (language === "en") return <>{text}</>;
  const parts = resultTimeParts(text);
  if (parts === "same-day") return <>{t("Same day")}</>;
  if (!parts) return <span lang="en">{text}</span>;
  const words = { hours: t("{{range}} hours", { range: parts.range }), days: t("{{range}} days", { range: parts.range }), weeks: t("{{range}} weeks", { range: parts.range }) };
  return <>{words[parts.unit]}</>;
}
