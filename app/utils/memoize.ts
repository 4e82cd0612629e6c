/**
 * A pure function of one string, remembered for the arguments used last, up to `maxChars`
 * characters of arguments in all (an argument longer than that is never kept). For work repeated on
 * every render of the same data (sanitising a test's rich text on each view of its product page and
 * card), not for anything that reads state. The bound is in characters, not entries: a rich text may
 * be 100,000 characters long.
 */
export function memoizeLast<T>(fn: (input: string) => T, maxChars: number): (input: string) => T {
  const results = new Map<string, T>();
  let chars = 0;
  return (input) => {
    const known = results.get(input);
    if (known !== undefined) {
      results.delete(input);
      results.set(input, known); // most recently used last
      return known;
    }
    const result = fn(input);
    if (input.length > maxChars) return result;
    results.set(input, result);
    chars += input.length;
    for (const oldest of results.keys()) {
      if (chars <= maxChars) break;
      results.delete(oldest);
      chars -= oldest.length;
    }
    return result;
  };
}
