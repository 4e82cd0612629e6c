// The site in two languages: addresses, lang/dir, alternates, the switcher, the suggestion banner,
// and a sample of the Arabic sitemap on a phone.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { layoutShifts, recordLayoutShifts, waitForHydration } from "./helpers";

test("every page names its language and direction and links its twin in the other language", async ({ request, baseURL }) => {
  for (const [path, lang, dir] of [
    ["/search?q=vitamin", "en", "ltr"],
    ["/ar/search?q=vitamin", "ar", "rtl"],
    ["/ar", "ar", "rtl"],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<html lang="${lang}" dir="${dir}">`);
    const english = path.replace(/^\/ar(?=\/|$)/, "") || "/";
    const arabic = path.startsWith("/ar") ? path : `/ar${path}`;
    expect(html, path).toContain(`<link rel="alternate" hrefLang="en" href="${new URL(english, baseURL).href}"/>`.replace("/?", "?"));
    expect(html, path).toContain(`hrefLang="ar" href="${baseURL}${arabic}"`);
    expect(html, path).toContain(`hrefLang="x-default"`);
  }
  // The admin area and the APIs exist once, in English.
  expect((await request.get("/ar/admin", { maxRedirects: 0 })).status()).toBe(404);
});

test("the switcher opens the same page in Arabic, remembers the choice, and switches back", async ({ page, context }) => {
  await page.goto("/search?q=vitamin");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /العربية/ }).click();
  await expect(page).toHaveURL(/\/ar\/search\?q=vitamin$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("navigation", { name: "الرئيسية" }).getByRole("link", { name: "الفحوصات" })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("ar");

  // Links stay in Arabic.
  await page.getByRole("navigation", { name: "الرئيسية" }).getByRole("link", { name: "المختبرات" }).click();
  await expect(page).toHaveURL(/\/ar\/labs$/);

  await page.getByRole("navigation", { name: "الرئيسية" }).getByRole("link", { name: /English/ }).click();
  await expect(page).toHaveURL(/\/labs$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("en");
});

test("areas of Abu Dhabi and post topics are in Arabic on Arabic pages, and the area filter still works", async ({ page }) => {
  await page.goto("/ar/labs");
  await expect(page.getByRole("main")).toContainText("الخالدية");
  await expect(page.getByRole("main")).not.toContainText("Al Khalidiyah");
  await page.goto("/ar/search?q=vitamin");
  const area = page.getByRole("combobox", { name: "المنطقة" });
  await expect(area.getByRole("option", { name: "جزيرة الريم" })).toHaveAttribute("value", "Al Reem Island");
  await page.goto("/ar/search?q=vitamin&area=Al+Reem+Island");
  await expect(area).toHaveValue("Al Reem Island");
  await expect(page.getByTestId("test-card-price").first()).toBeVisible();
  await page.goto("/ar/resources");
  await expect(page.getByRole("main")).toContainText("التغذية");
});

test("the mobile menu offers the switcher too", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/about");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator("#mobile-menu").getByRole("link", { name: /العربية/ }).click();
  await expect(page).toHaveURL(/\/ar\/about$/);
});

test("the buttons of an Arabic product page name the test in Arabic, and its booking dialog is in Arabic, close button included", async ({ page }) => {
  await page.goto("/ar/product/lipid-profile");
  await waitForHydration(page);
  await page.getByRole("button", { name: "أضف إلى السلة : فحص الدهون الشامل" }).click();
  await expect(page.getByRole("button", { name: "زيادة كمية فحص الدهون الشامل" })).toBeVisible();
  await page.getByRole("button", { name: "احجز هذا الفحص" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(/^احجز /);
  await dialog.getByRole("button", { name: "إغلاق", exact: true }).click();
  await expect(dialog).toHaveCount(0);
});

test.describe("with a browser that prefers Arabic", () => {
  test.use({ locale: "ar-AE" });

  test("the English page is not redirected but suggests Arabic once, and the suggestion can be dismissed", async ({ page }) => {
    await recordLayoutShifts(page);
    const response = await page.goto("/labs");
    expect(response?.url()).toMatch(/\/labs$/);
    await waitForHydration(page);
    const banner = page.getByRole("complementary", { name: "اللغة" });
    await expect(banner).toBeVisible();
    // It appears after hydration without moving the page (at the top it moved it by 0.035).
    expect((await layoutShifts(page)).reduce((sum, shift) => sum + shift.value, 0)).toBeLessThan(0.005);
    await expect(banner.getByRole("link", { name: "التبديل إلى العربية" })).toHaveAttribute("href", /lang=ar&to=%2Flabs/);
    await banner.getByRole("button", { name: "إغلاق" }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("complementary", { name: "اللغة" })).toBeHidden();
  });
});

test("a browser that prefers English gets no suggestion", async ({ page }) => {
  await page.goto("/labs");
  await waitForHydration(page);
  await page.waitForTimeout(300);
  await expect(page.getByRole("complementary", { name: "اللغة" })).toBeHidden();
});

test("a sample of the Arabic sitemap fits a 360 px phone and a 1280 px desktop, right to left, with no serious accessibility violations", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const arabic = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname).filter((path) => /^\/ar(\/|$)/.test(path));
  const sample = new Set([
    ...arabic.filter((path) => !/^\/ar\/(product|category|blog|labs)\//.test(path)),
    ...["product", "category", "blog", "labs"].flatMap((kind) => arabic.filter((path) => path.startsWith(`/ar/${kind}/`)).slice(0, 2)),
    "/ar/search?q=thyroid",
    "/ar/cart",
    "/ar/auth",
  ]);
  expect(sample.size).toBeGreaterThan(12);
  const problems: string[] = [];
  for (const path of sample) {
    await page.goto(path);
    await waitForHydration(page);
    // Sections that fade in on scroll are half transparent while they move: measure them settled.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
    if ((await page.locator("html").getAttribute("dir")) !== "rtl") problems.push(`${path}: not right-to-left`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${path}: ${overflow} px sideways scroll at 360 px`);
    await page.setViewportSize({ width: 1280, height: 800 });
    const wideOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (wideOverflow > 0) problems.push(`${path}: ${wideOverflow} px sideways scroll at 1280 px`);
    await page.setViewportSize({ width: 360, height: 740 });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    for (const violation of results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
      problems.push(`${path}: ${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    }
  }
  expect(problems).toEqual([]);
});
