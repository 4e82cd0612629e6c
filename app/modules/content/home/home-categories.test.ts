import { describe, expect, it } from "vitest";
import { matchHomeCategories } from "~/modules/content/home/home-categories";

describe("home category cards", () => {
  it("link to the stored category with the same name in any case, and stay unlinked otherwise", () => {
    const cards = matchHomeCategories([
      { id: "a", name: "heart health" },
      { id: "b", name: "VITAMIN & MINERAL" },
      { id: "c", name: "Thyroid" },
    ]);
    expect(cards).toHaveLength(8);
    expect(cards.find((card) => card.name === "Heart Health")?.id).toBe("a");
    expect(cards.find((card) => card.name === "Vitamin & Mineral")?.id).toBe("b");
    expect(cards.find((card) => card.name === "Genetic Testing")?.id).toBeNull();
  });
});
