import { describe, expect, it } from "vitest";
import { parseSearchState, searchHref } from "~/modules/catalog/search-params";

describe("the search page's query", () => {
  it("drops control characters such as NUL from the search text", () => {
    expect(parseSearchState(new URLSearchParams("q=vitamin%00 d%07")).q).toBe("vitamin d");
  });
});

describe("the search page's lab, area and home-collection filters", () => {
  it("are read from the URL, malformed values dropped", () => {
    const state = parseSearchState(new URLSearchParams("lab=Reem-Lab&area=%20Al%20%20Reem%20Island%00&home=1"));
    expect(state).toMatchObject({ lab: "reem-lab", area: "Al Reem Island", home: true });
    expect(parseSearchState(new URLSearchParams("lab=../etc&home=yes"))).toMatchObject({ lab: null, area: null, home: false });
    expect(parseSearchState(new URLSearchParams(""))).toMatchObject({ lab: null, area: null, home: false });
  });

  it("are written into search URLs with the query, category, sort and page, and read back the same", () => {
    const href = searchHref({ q: "tsh", categoryId: null, sort: "price-asc", page: 2, lab: "reem-lab", area: "Khalifa City", home: true });
    expect(href).toBe("/search?q=tsh&lab=reem-lab&area=Khalifa+City&home=1&sort=price-asc&page=2");
    const state = parseSearchState(new URL(href, "http://x").searchParams);
    expect(state).toMatchObject({ q: "tsh", lab: "reem-lab", area: "Khalifa City", home: true, sort: "price-asc", page: 2 });
    expect(searchHref({ lab: null, area: null, home: false })).toBe("/search");
  });
});
