/**
 * A pure function of one string, remembered for the `maxEntries` arguments used last. For work
 * repeated on every render of the same data (sanitising a test's rich text on each view of its
 * product page and card), not for anything that reads state.
 */
export function memoizeLast<T>(fn: (input: string) => T, maxEntries: number): (input: string) => T {
  const results = new Map<string, T>();
  return (input) => {
    const known = results.get(input);
    if (known !== undefined) {
      results.delete(input);
      results.set(input, known); // most recently used last
      return known;
    }
    const result = fn(input);
    results.set(input, result);
    if (results.size > maxEntries) results.delete(results.keys().next().value!);
    return result;
  };
}
