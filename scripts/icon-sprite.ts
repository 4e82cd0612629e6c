// npm run icons: writes app/components/ui/icons.svg, the sprite of every icon that
// app/components/ui/icons.tsx names, drawn from lucide-react's own icon data (so an upgrade of
// lucide-react or a new icon is one command; tests/unit/icon-sprite.test.ts fails until it is run).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const ICONS_MODULE = join(root, "app/components/ui/icons.tsx");
export const SPRITE_FILE = join(root, "app/components/ui/icons.svg");

type IconNode = [tag: string, attributes: Record<string, string>][];

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** The icon names icons.tsx draws: its `icon("name")` calls. */
export function iconNames(source = readFileSync(ICONS_MODULE, "utf8")) {
  return [...new Set([...source.matchAll(/\bicon\("([a-z0-9-]+)"\)/g)].map((match) => match[1]))].sort();
}

export async function iconSprite(names = iconNames()) {
  const lucide = dirname(createRequire(import.meta.url).resolve("lucide-react/package.json"));
  const symbols: string[] = [];
  for (const name of names) {
    const { __iconData } = (await import(join(lucide, "dist/esm/icons", `${name}.mjs`))) as { __iconData: { node: IconNode } };
    const shapes = __iconData.node.map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== "key")
        .map(([key, value]) => ` ${key}="${escapeAttribute(String(value))}"`)
        .join("");
      return `<${tag}${attrs}/>`;
    });
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${shapes.join("")}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = iconNames();
  writeFileSync(SPRITE_FILE, await iconSprite(names));
  console.log(`Wrote ${names.length} icons to ${SPRITE_FILE}`);
}
