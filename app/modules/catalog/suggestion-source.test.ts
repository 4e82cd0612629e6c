// The logic under useSuggestions: debouncing, cancelling, and never showing an older answer over a newer one.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createSuggestionSource } from "~/modules/catalog/suggestion-source";
import type { SuggestAnswer, Suggestion } from "~/modules/catalog/suggestions";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const suggestion = (label: string): Suggestion => ({ kind: "test", label, labelLanguage: "en", highlight: null, matched: null, path: `/product/${label}` });

/** A fake /api/suggest whose answers the test releases one by one, in any order. */
function fakeServer() {
  const asked: { q: string; signal: AbortSignal; answer: (labels: string[]) => void }[] = [];
  const fetcher = (url: string, signal: AbortSignal) =>
    new Promise<SuggestAnswer>((resolve) => {
      const q = new URL(url, "http://x").searchParams.get("q")!;
      asked.push({ q, signal, answer: (labels) => resolve({ q, suggestions: labels.map(suggestion) }) });
    });
  return { asked, fetcher };
}

const labels = (source: ReturnType<typeof createSuggestionSource>) => source.getState().suggestions.map((s) => s.label);

test("asks once the typing pauses, not for every key", async () => {
  const server = fakeServer();
  const source = createSuggestionSource({ language: "en", fetcher: server.fetcher, debounceMs: 150 });
  for (const text of ["v", "vi", "vit", "vita"]) {
    source.setQuery(text);
    await vi.advanceTimersByTimeAsync(50);
  }
  expect(server.asked).toEqual([]);
  expect(source.getState().loading).toBe(true);
  await vi.advanceTimersByTimeAsync(150);
  expect(server.asked.map((a) => a.q)).toEqual(["vita"]);
  server.asked[0].answer(["Vitamin D"]);
  await vi.advanceTimersByTimeAsync(0);
  expect(source.getState()).toMatchObject({ answeredQuery: "vita", loading: false });
  expect(labels(source)).toEqual(["Vitamin D"]);
});

test("a stale answer arriving after a newer one does not overwrite it, and the older question is cancelled", async () => {
  const server = fakeServer();
  const source = createSuggestionSource({ language: "en", fetcher: server.fetcher, debounceMs: 100 });
  const seen: string[][] = [];
  source.subscribe(() => seen.push(labels(source)));
  source.setQuery("vi");
  await vi.advanceTimersByTimeAsync(100);
  source.setQuery("vit");
  await vi.advanceTimersByTimeAsync(100);
  expect(server.asked.map((a) => a.q)).toEqual(["vi", "vit"]);
  expect(server.asked[0].signal.aborted).toBe(true);
  expect(server.asked[1].signal.aborted).toBe(false);

  server.asked[1].answer(["Vitamin B12", "Vitamin D"]); // the newer answer first
  await vi.advanceTimersByTimeAsync(0);
  server.asked[0].answer(["Vitex", "Vision test"]); // then the older one (its cancel ignored by the network)
  await vi.advanceTimersByTimeAsync(0);
  expect(source.getState()).toMatchObject({ query: "vit", answeredQuery: "vit" });
  expect(labels(source)).toEqual(["Vitamin B12", "Vitamin D"]);
  expect(seen.some((shown) => shown.includes("Vitex"))).toBe(false);
});

test("an answer to a text since erased below two characters is dropped", async () => {
  const server = fakeServer();
  const source = createSuggestionSource({ language: "ar", fetcher: server.fetcher, debounceMs: 100 });
  source.setQuery("فح");
  await vi.advanceTimersByTimeAsync(100);
  expect(server.asked[0].q).toBe("فح");
  source.setQuery("ف");
  server.asked[0].answer(["فحص السكر"]);
  await vi.advanceTimersByTimeAsync(0);
  expect(source.getState()).toEqual({ query: "ف", answeredQuery: null, suggestions: [], loading: false });
});

test("answers already seen come back at once when the visitor backspaces", async () => {
  const server = fakeServer();
  const source = createSuggestionSource({ language: "en", fetcher: server.fetcher, debounceMs: 100 });
  source.setQuery("iro");
  await vi.advanceTimersByTimeAsync(100);
  server.asked[0].answer(["Iron Studies"]);
  await vi.advanceTimersByTimeAsync(0);
  source.setQuery("iron");
  await vi.advanceTimersByTimeAsync(100);
  server.asked[1].answer(["Iron Studies", "Iron Deficiency Panel"]);
  await vi.advanceTimersByTimeAsync(0);
  source.setQuery("iro");
  expect(labels(source)).toEqual(["Iron Studies"]);
  expect(source.getState().loading).toBe(false);
  await vi.advanceTimersByTimeAsync(500);
  expect(server.asked).toHaveLength(2);
});

test("a failed question shows no suggestions, and a disposed box asks nothing more", async () => {
  const fetcher = vi.fn(() => Promise.reject(new Error("offline")));
  const source = createSuggestionSource({ language: "en", fetcher, debounceMs: 100 });
  source.setQuery("tsh");
  await vi.advanceTimersByTimeAsync(100);
  expect(source.getState()).toMatchObject({ answeredQuery: null, suggestions: [], loading: false });
  source.setQuery("tsh test");
  source.dispose();
  await vi.advanceTimersByTimeAsync(500);
  expect(fetcher).toHaveBeenCalledTimes(1);
});
