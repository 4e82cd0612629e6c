// @vitest-environment happy-dom
// The hook itself, rendered by React in a DOM: what a search box shows while answers arrive out of order.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { SuggestionState } from "~/modules/catalog/suggestion-source";
import type { SuggestAnswer } from "~/modules/catalog/suggestions";
import { useSuggestions } from "~/modules/catalog/use-suggestions";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let shown: SuggestionState[] = [];

function Box({ query, fetcher }: { query: string; fetcher: (url: string, signal: AbortSignal) => Promise<SuggestAnswer> }) {
  const state = useSuggestions(query, "en", { fetcher, debounceMs: 100 });
  shown.push(state);
  return <ul>{state.suggestions.map((s) => <li key={s.path}>{s.label}</li>)}</ul>;
}

beforeEach(() => {
  vi.useFakeTimers();
  shown = [];
  root = createRoot(document.createElement("div"));
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

function fakeServer() {
  const asked: { q: string; signal: AbortSignal; answer: (labels: string[]) => void }[] = [];
  const fetcher = (url: string, signal: AbortSignal) =>
    new Promise<SuggestAnswer>((resolve) => {
      const q = new URL(url, "http://x").searchParams.get("q")!;
      asked.push({
        q,
        signal,
        answer: (labels) =>
          resolve({ q, suggestions: labels.map((label) => ({ kind: "test", label, labelLanguage: "en", highlight: null, matched: null, path: `/product/${label}` })) }),
      });
    });
  return { asked, fetcher };
}

test("useSuggestions: a stale answer never overwrites the suggestions for what the box holds now", async () => {
  const server = fakeServer();
  await act(async () => root.render(<Box query="ch" fetcher={server.fetcher} />));
  await act(async () => vi.advanceTimersByTimeAsync(100));
  await act(async () => root.render(<Box query="chol" fetcher={server.fetcher} />));
  await act(async () => vi.advanceTimersByTimeAsync(100));
  expect(server.asked.map((a) => a.q)).toEqual(["ch", "chol"]);
  expect(server.asked[0].signal.aborted).toBe(true);

  await act(async () => server.asked[1].answer(["Cholesterol, Total"]));
  await act(async () => server.asked[0].answer(["Chloride", "Chlamydia PCR"])); // late, for the older text
  const last = shown.at(-1)!;
  expect(last).toMatchObject({ query: "chol", answeredQuery: "chol", loading: false });
  expect(last.suggestions.map((s) => s.label)).toEqual(["Cholesterol, Total"]);
  expect(shown.some((state) => state.suggestions.some((s) => s.label === "Chloride"))).toBe(false);
});

test("useSuggestions: typing fast asks once, after the pause", async () => {
  const server = fakeServer();
  for (const query of ["f", "fe", "fer", "ferr"]) {
    await act(async () => root.render(<Box query={query} fetcher={server.fetcher} />));
    await act(async () => vi.advanceTimersByTimeAsync(40));
  }
  expect(server.asked).toEqual([]);
  await act(async () => vi.advanceTimersByTimeAsync(100));
  expect(server.asked.map((a) => a.q)).toEqual(["ferr"]);
  await act(async () => server.asked[0].answer(["Ferritin"]));
  expect(shown.at(-1)!.suggestions.map((s) => s.label)).toEqual(["Ferritin"]);
});
