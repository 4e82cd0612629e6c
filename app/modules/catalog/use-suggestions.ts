import { useEffect, useState, useSyncExternalStore } from "react";
import type { Language } from "~/i18n/languages";
import { createSuggestionSource, type SuggestionFetcher, type SuggestionState } from "~/modules/catalog/suggestion-source";

/**
 * The suggestions for what a search box holds: asked once the typing pauses, the previous question
 * cancelled, an older answer never shown over a newer one (suggestion-source.ts).
 */
export function useSuggestions(query: string, language: Language, options: { fetcher?: SuggestionFetcher; debounceMs?: number } = {}): SuggestionState {
  const [source, setSource] = useState(() => createSuggestionSource({ language, ...options }));
  const [sourceLanguage, setSourceLanguage] = useState(language);
  if (sourceLanguage !== language) {
    // The page changed language: answers in the other language no longer fit.
    setSourceLanguage(language);
    setSource(createSuggestionSource({ language, ...options }));
  }
  useEffect(() => () => source.dispose(), [source]);
  useEffect(() => source.setQuery(query), [source, query]);
  return useSyncExternalStore(source.subscribe, source.getState, source.getState);
}
