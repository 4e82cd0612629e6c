// patches/react-router+7.18.4.patch indexes React Router's precomputed route branches by the first
// segment of their path (decision 0082). A server request is matched against those branches; a
// plain matchRoutes call ranks and tries every branch as before. Both must always agree.
import { describe, expect, it } from "vitest";
import { createStaticHandler, matchRoutes, type RouteObject } from "react-router";

// Shaped like app/routes.ts, with the patterns the index must treat with care: an optional segment,
// a case-sensitive route, a top-level parameter, a splat API, nested layouts and a catch-all.
const routes: RouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "search", path: "search" },
      { id: "product", path: "product/:slug" },
      { id: "robots", path: "robots.txt" },
      { id: "sitemap", path: "sitemap.xml" },
      { id: "results", path: "dashboard/results" },
      { id: "result", path: "dashboard/results/:resultId" },
      { id: "authApi", path: "api/auth/*" },
      { id: "optional", path: "labs?/directory" },
      { id: "exact", path: "CaseSensitive", caseSensitive: true },
      { id: "lab", path: ":labSlug/offers" },
      { id: "arHome", path: "ar", index: true },
      { id: "arSearch", path: "ar/search" },
      { id: "arProduct", path: "ar/product/:slug" },
      { id: "arLab", path: "ar/:labSlug/offers" },
      { id: "docs", path: "docs/*" },
      {
        id: "admin",
        path: "admin",
        children: [
          { id: "adminIndex", index: true },
          { id: "adminTest", path: "tests/:testId" },
        ],
      },
      { id: "pathless", children: [{ id: "about", path: "about" }] },
      { id: "notFound", path: "*" },
    ],
  },
];

const pathnames = [
  "/", "//", "//search", "/ar//search", "/search", "/search/", "/SEARCH", "/Search//", "/product/vitamin-d", "/product", "/product/a/b",
  "/robots.txt", "/robotsXtxt", "/sitemap.xml", "/dashboard/results", "/dashboard/results/42", "/api/auth/sign-in",
  "/api/auth", "/labs/directory", "/directory", "/casesensitive", "/CaseSensitive", "/abu-dhabi-lab/offers",
  "/search/offers", "/ar", "/ar/", "/AR/search", "/ar/product/%D9%81%D9%8A%D8%AA", "/admin", "/admin/tests/7",
  "/admin/nothing", "/ar/some-lab/offers", "/ar/search/offers", "/AR/Product/x", "/docs", "/docs/", "/docs/a/b",
  "/about", "/ABOUT/", "/wp-login.php", "/%C4%B0", "/%E2%84%AAey", "/a%2Fb", "/ar%2Fsearch",
];

const ids = (matches: { route: { id?: string } }[] | null | undefined) => matches?.map((match) => match.route.id) ?? null;

describe("React Router's route branches, indexed by their first two segments", () => {
  const handler = createStaticHandler(routes);
  it.each(pathnames)("a server request for %s matches the routes a full search matches", async (pathname) => {
    const context = await handler.query(new Request(`http://localhost${pathname}`));
    if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
    const expected = ids(matchRoutes(routes, pathname));
    if (expected === null) expect(context.statusCode).toBe(404);
    else expect(ids(context.matches)).toEqual(expected);
  });

  it("still sends an unknown first segment to the catch-all and a parameter route", async () => {
    const offers = await handler.query(new Request("http://localhost/some-lab/offers"));
    const unknown = await handler.query(new Request("http://localhost/no-such-page"));
    if (offers instanceof Response || unknown instanceof Response) throw new Error("unexpected response");
    expect(ids(offers.matches)).toEqual(["root", "lab"]);
    expect(ids(unknown.matches)).toEqual(["root", "notFound"]);
  });
});
