import { expect, test, type Page } from "@playwright/test";
import { seedBlogPosts, seedLabs } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { DEMO_CUSTOMER, signIn, waitForHydration } from "./helpers";

// A page whose server HTML differs from its first client render (a date in another time zone,
// a text in another language) is thrown away and rendered again in the browser: the visitor sees
// it flicker and pays for a second render. React reports it as an error in the console.
const post = seedBlogPosts.find((candidate) => candidate.isPublished)!;
const PUBLIC_PAGES = [
  "/",
  "/search?q=vitamin",
  "/product/lipid-profile",
  "/labs",
  `/labs/${slugify(seedLabs[0].name)}`,
  `/blog/${post.slug}`,
  "/faqs",
  "/resources",
  "/about",
];
const SIGNED_IN_PAGES = ["/", "/product/lipid-profile", "/dashboard", "/cart", "/profile"];

function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // Demo images on other hosts fail to load where there is no internet (CI); that is not the page's error.
    const source = message.location().url;
    if (source && new URL(source).host !== new URL(page.url()).host) return;
    errors.push(`${page.url()}: ${message.text()}`);
  });
  return errors;
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

test("public pages in both languages hydrate without an error", async ({ page }) => {
  const errors = collectErrors(page);
  for (const path of PUBLIC_PAGES) {
    await visit(page, path);
    await visit(page, `/ar${path === "/" ? "" : path}`);
  }
  expect(errors).toEqual([]);
});

test("a signed-in customer's pages in both languages hydrate without an error", async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, DEMO_CUSTOMER);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of SIGNED_IN_PAGES) {
    await visit(page, path);
    await visit(page, `/ar${path === "/" ? "" : path}`);
  }
  expect(errors).toEqual([]);
});
