// What a search box knows of its suggestions while the visitor types: it asks /api/suggest once the
// typing pauses (debounced), cancels the question it no longer needs (AbortController), and never
// lets an older answer replace a newer one (each question is numbered; only the latest counts).
// Plain TypeScript under the React hook (use-suggestions.ts), so the timing is tested without a DOM.
import type { Language } from "~/i18n/languages";
import { MAX_SUGGEST_CHARS, MIN_SUGGEST_CHARS, suggestUrl, type SuggestAnswer, type Suggestion } from "~/modules/catalog/suggestions";

export type SuggestionState = {
  /** The text the box holds now (trimmed). */
  query: string;
  /** The text the suggestions shown are for; null when none are shown. */
  answeredQuery: string | null;
  suggestions: Suggestion[];
  /** A question is waiting for the typing to pause, or for its answer. */
  loading: boolean;
};

export type SuggestionFetcher = (url: string, signal: AbortSignal) => Promise<SuggestAnswer>;

const EMPTY: SuggestionState = { query: "", answeredQuery: null, suggestions: [], loading: false };
/** Answers remembered in the page (backspacing shows them again at once). */
const REMEMBERED = 50;

const fetchAnswer: SuggestionFetcher = async (url, signal) => {
  const response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`Suggestions answered ${response.status}`);
  return (await response.json()) as SuggestAnswer;
};

export function createSuggestionSource({
  language,
  fetcher = fetchAnswer,
  debounceMs = 150,
}: {
  language: Language;
  fetcher?: SuggestionFetcher;
  debounceMs?: number;
}) {
  let state = EMPTY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  /** Numbers the questions: an answer to any but the latest is dropped. */
  let latest = 0;
  const remembered = new Map<string, Suggestion[]>();
  const listeners = new Set<() => void>();

  function update(next: Partial<SuggestionState>) {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function cancel() {
    clearTimeout(timer);
    timer = undefined;
    latest += 1;
    inFlight?.abort();
    inFlight = undefined;
  }

  async function ask(query: string, number: number) {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      const answer = await fetcher(suggestUrl(query, language), controller.signal);
      if (number !== latest) return; // a newer question was asked meanwhile
      remembered.set(query, answer.suggestions);
      if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value!);
      update({ answeredQuery: query, suggestions: answer.suggestions, loading: false });
    } catch {
      if (number !== latest) return;
      update({ answeredQuery: null, suggestions: [], loading: false });
    } finally {
      if (inFlight === controller) inFlight = undefined;
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** The box now holds `text`: suggestions for it once the typing pauses (none below two characters). */
    setQuery(text: string) {
      const query = text.replace(/\s+/g, " ").trim();
      if (query === state.query) return;
      cancel();
      if ([...query].length < MIN_SUGGEST_CHARS || query.length > MAX_SUGGEST_CHARS) {
        update({ ...EMPTY, query });
        return;
      }
      const known = remembered.get(query);
      if (known) {
        update({ query, answeredQuery: query, suggestions: known, loading: false });
        return;
      }
      update({ query, loading: true });
      const number = latest;
      timer = setTimeout(() => void ask(query, number), debounceMs);
    },
    /** Stops waiting for anything (the box is gone). */
    dispose() {
      cancel();
      listeners.clear();
    },
  };
}

export type SuggestionSource = ReturnType<typeof createSuggestionSource>;
