// Areas of Abu Dhabi arrive as data in English (a lab's area, the areas it collects in); Arabic
// pages show them from the `names` catalogue, which must know every area the forms offer or the
// demo labs use.
import { describe, expect, it } from "vitest";
import labs from "~seed/labs.json" with { type: "json" };
import { ar } from "~/locales/ar";
import { ABU_DHABI_AREAS } from "~/modules/catalog/schemas";

describe("area names", () => {
  const seeded = labs.flatMap((lab: { area?: string | null; homeCollectionAreas?: string[] }) => [lab.area ?? "", ...(lab.homeCollectionAreas ?? [])]).filter(Boolean);

  it.each([...new Set([...ABU_DHABI_AREAS, ...seeded])])("%s has an Arabic name", (area) => {
    expect(ar.names).toHaveProperty([area]);
  });
});
