import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** node-postgres keys a connection's prepared statements by name: two queries under one name would collide. */
function preparedQueryNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.server\.tsx?$/.test(entry.name))
    .flatMap((entry) => [...readFileSync(join(entry.parentPath, entry.name), "utf8").matchAll(/preparedQuery\(\s*"([^"]+)"/g)].map((match) => match[1]));
}

describe("prepared queries", () => {
  it("each has a name of its own", () => {
    const names = preparedQueryNames("app");
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
