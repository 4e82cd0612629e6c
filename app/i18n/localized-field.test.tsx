import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { LocalizedText } from "~/i18n/localized-field";

/** A content field rendered on the server on a page at `at`. */
function render(en: string, ar: string | null, at: string) {
  const router = createMemoryRouter([{ path: "/", Component: Outlet, children: [{ path: "*", Component: () => <LocalizedText as="h3" en={en} ar={ar} /> }] }], {
    initialEntries: [at],
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

test("an English page shows the English text, with or without a translation", () => {
  expect(render("Lipid Profile", "فحص الدهون الشامل", "/product/lipid-profile")).toBe("<h3>Lipid Profile</h3>");
  expect(render("Lipid Profile", null, "/search")).toBe("<h3>Lipid Profile</h3>");
});

test("an Arabic page shows the translation, unmarked", () => {
  expect(render("Lipid Profile", "فحص الدهون الشامل", "/ar/product/lipid-profile")).toBe("<h3>فحص الدهون الشامل</h3>");
});

test("an Arabic page without a translation shows the English text marked lang=en and isolated", () => {
  for (const missing of [null, "", "   "]) {
    expect(render("2-Hour Postprandial Glucose", missing, "/ar/search")).toBe('<h3 lang="en"><bdi>2-Hour Postprandial Glucose</bdi></h3>');
  }
});
