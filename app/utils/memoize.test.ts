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
