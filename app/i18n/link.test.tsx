import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, Link as RouterLink, Outlet, RouterProvider, type LinkProps } from "react-router";
import { expect, test } from "vitest";
import { Link } from "~/i18n/link";

/** Both links rendered on the server inside a route at `at`, as a page renders them. */
function render(props: LinkProps, at = "/product/lipid-profile") {
  const markup = (LinkComponent: typeof RouterLink) => {
    const router = createMemoryRouter(
      [{ path: "/", Component: Outlet, children: [{ path: "*", Component: () => <LinkComponent {...props}>text</LinkComponent> }] }],
      { initialEntries: [at] },
    );
    return renderToStaticMarkup(<RouterProvider router={router} />);
  };
  return { ours: markup(Link), reactRouter: markup(RouterLink) };
}

test("the server renders these tests as a server render (import.meta.env.SSR)", () => {
  expect(import.meta.env.SSR).toBe(true);
});

const SITE_PATHS = ["/", "/labs", "/labs/", "/search?q=vitamin%20d&sort=price-asc", "/search?", "/product/lipid-profile#compare-labs", "/a/./b/../c", "/a//b", "/book/1?lab=2#x", "/labs/?page=2"];

test.each(SITE_PATHS)("a link to %s is the <a> React Router renders", (to) => {
  const { ours, reactRouter } = render({ to, className: "font-semibold", "aria-label": "Go", target: "_self", replace: true, preventScrollReset: true });
  expect(ours).toBe(reactRouter);
  expect(ours).toContain("<a ");
});

test("a link rendered again, its address resolved once before, is still the <a> React Router renders", () => {
  for (const to of SITE_PATHS) {
    const first = render({ to }).ours;
    const { ours, reactRouter } = render({ to });
    expect(ours).toBe(first);
    expect(ours).toBe(reactRouter);
  }
});

test.each([
  { to: "//elsewhere.example/x" },
  { to: "https://elsewhere.example/x" },
  { to: "mailto:care@labtesthub.ae" },
  { to: "../labs" },
  { to: "labs" },
  { to: { pathname: "/search", search: "?q=x" } },
  { to: "/labs", prefetch: "intent" as const },
  { to: "/labs", relative: "path" as const },
  { to: "/labs", discover: "none" as const },
])("a link that React Router renders itself ($to) is unchanged", (props) => {
  const { ours, reactRouter } = render(props);
  expect(ours).toBe(reactRouter);
});

test("an Arabic page's link keeps the page's language", () => {
  const { ours } = render({ to: "/search?q=x" }, "/ar/product/lipid-profile");
  expect(ours).toContain('href="/ar/search?q=x"');
});
