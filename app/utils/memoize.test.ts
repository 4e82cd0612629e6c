import { expect, test } from "vitest";
import { memoizeLast } from "~/utils/memoize";

test("a remembered result is computed once, and the least recently used is forgotten first", () => {
  const calls: string[] = [];
  const upper = memoizeLast((text) => {
    calls.push(text);
    return text.toUpperCase();
  }, 2);
  expect(upper("a")).toBe("A");
  expect(upper("b")).toBe("B");
  expect(upper("a")).toBe("A"); // remembered; now b is the least recently used
  expect(upper("c")).toBe("C"); // forgets b
  expect(upper("a")).toBe("A");
  expect(upper("b")).toBe("B");
  expect(calls).toEqual(["a", "b", "c", "b"]);
});

test("what is kept is bounded by the characters of the arguments, and a longer argument is never kept", () => {
  const calls: string[] = [];
  const length = memoizeLast((text) => {
    calls.push(text);
    return text.length;
  }, 5);
  expect(length("abc")).toBe(3);
  expect(length("de")).toBe(2); // 5 characters kept
  expect(length("fg")).toBe(2); // forgets abc
  expect(length("de")).toBe(2);
  expect(length("abc")).toBe(3); // computed again, forgets fg (de was used last)
  expect(length("abcdef")).toBe(6); // longer than the bound
  expect(length("abcdef")).toBe(6);
  expect(length("de")).toBe(2);
  expect(calls).toEqual(["abc", "de", "fg", "abc", "abcdef", "abcdef"]);
});
