import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import { resultTimeParts } from "~/modules/catalog/result-time";
import { resultTimeRange, type ResultTimeWords } from "~/modules/catalog/result-time-format";

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

/** A result time in words in the page's language: "12-36 hours", "4 days" (result-time-format.ts decides the unit). */
export function useResultTimeWords() {
  const { t } = useTranslation("catalog");
  return (words: ResultTimeWords) => {
    if (words.from === words.to) return words.unit === "hours" ? t("{{count}} hours", { count: words.from }) : t("{{count}} days", { count: words.from });
    const range = `${words.from}-${words.to}`;
    return words.unit === "hours" ? t("{{range}} hours", { range }) : t("{{range}} days", { range });
  };
}

/**
 * A test's result time on its page: the range across the labs offering it ("12-36 hours") when
 * they gave times, else the test's own text.
 */
export function TestResultTime({ text, labHours }: { text: string; labHours: readonly (number | null)[] }) {
  const say = useResultTimeWords();
  const range = resultTimeRange(labHours);
  return range ? <>{say(range)}</> : <ResultTimeText text={text} />;
}
