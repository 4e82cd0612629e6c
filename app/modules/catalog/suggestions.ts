// Suggestions as you type (issue 30): what the search boxes show under the text typed. Shared by the
// server (suggest.server.ts, /api/suggest) and the browser (the search boxes' combobox).
import type { Language } from "~/i18n/languages";

/** Suggestions are asked for from this many characters on. */
export const MIN_SUGGEST_CHARS = 2;
/** Longer texts are not suggested for (a search box may hold 200; nobody types 100 to get a suggestion). */
export const MAX_SUGGEST_CHARS = 100;

export type SuggestionKind = "test" | "category" | "lab";

/** A part of a text that matched what was typed: [start, end) in UTF-16 units. */
export type Highlight = [start: number, end: number];

export type Suggestion = {
  kind: SuggestionKind;
  /** The name in the page's language (the English one when there is no translation). */
  label: string;
  /** The label's language, for lang="..." when it differs from the page's. */
  labelLanguage: Language;
  /** The part of the label that matched, when the match was in the label. */
  highlight: Highlight | null;
  /** The other language's name when the match was there (typed in Latin letters on an Arabic page). */
  matched: { text: string; language: Language; highlight: Highlight } | null;
  /** The page it opens, without the language prefix. */
  path: string;
};

export type SuggestAnswer = { q: string; suggestions: Suggestion[] };

/** The URL the browser asks for suggestions. */
export function suggestUrl(q: string, language: Language) {
  return `/api/suggest?${new URLSearchParams({ q, lang: language })}`;
}

/** A text cut in three at a highlight: before, the match, after. */
export function splitAtHighlight(text: string, highlight: Highlight | null): [string, string, string] {
  if (!highlight) return [text, "", ""];
  const [start, end] = highlight;
  return [text.slice(0, start), text.slice(start, end), text.slice(end)];
}
