import { readdirSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { expect, test } from "vitest";

// The README's table of module layers and the list dependency-cruiser enforces (npm run lint) are
// one thing written twice: they must not drift apart, and every module must be in them.
const CONFIG = pathToFileURL(`${process.cwd()}/.dependency-cruiser.mjs`).href;

async function enforcedLayers(): Promise<string[][]> {
  const config = (await import(/* @vite-ignore */ CONFIG)) as { MODULE_LAYERS: string[][] };
  return config.MODULE_LAYERS;
}

function readmeLayers(): string[][] {
  const layout = readFileSync("README.md", "utf8").split("\n## Layout")[1] ?? "";
  return layout
    .split("\n")
    .map((line) => /^\| (\d+) \| ([^|]+) \|/.exec(line))
    .filter((match) => match !== null)
    .map((match) => [...match[2].matchAll(/`([a-z-]+)`/g)].map((name) => name[1]));
}

test("the README's module layers are the ones npm run lint enforces", async () => {
  expect(readmeLayers()).toEqual(await enforcedLayers());
});

test("every folder of app/modules has its place in the layers, once", async () => {
  const listed = (await enforcedLayers()).flat();
  const folders = readdirSync("app/modules", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  expect([...listed].sort()).toEqual([...folders].sort());
});
