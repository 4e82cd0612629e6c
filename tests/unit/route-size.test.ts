import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

// A route is thin: it parses input, calls a module function and maps the outcome; its page's
// views live beside the module that owns them (README, Layout; decision 0030).
const MAX_LINES = 200;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

test(`no file in app/routes is over ${MAX_LINES} lines`, () => {
  const routes = files("app/routes");
  expect(routes.length).toBeGreaterThan(50);
  const tooLong = routes
    .map((file) => ({ file, lines: readFileSync(file, "utf8").replace(/\n$/, "").split("\n").length }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  expect(tooLong).toEqual([]);
});
