import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { iconNames, iconSprite, SPRITE_FILE } from "../../scripts/icon-sprite";

test("the icon sprite draws every icon the app names, as lucide-react draws it (else run `npm run icons`)", async () => {
  expect(iconNames().length).toBeGreaterThan(50);
  expect(readFileSync(SPRITE_FILE, "utf8")).toBe(await iconSprite());
});

test("every icon name is one of lucide's", async () => {
  await expect(iconSprite(["not-an-icon"])).rejects.toThrow();
});
