import { afterEach, beforeEach, vi } from "vitest";

// A hidden React warning or a logged failure fails the test instead of piling up unseen.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
