import { describe, expect, it } from "vitest";
import { parseSearchState } from "~/modules/catalog/search-params";

describe("the search page's query", () => {
  it("drops control characters such as NUL from the search text", () => {
    expect(parseSearchState(new URLSearchParams("q=vitamin%00 d%07")).q).toBe("vitamin d");
  });
});
