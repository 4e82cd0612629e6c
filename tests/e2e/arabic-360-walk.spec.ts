// Issue 26, "Arabic, finished": every customer page at 360 px in Arabic, with no English interface
// string (an untranslated content text marked lang="en" is allowed) and no sideways scroll of the
// page. The checkout and booking steps are also walked in English at 360 px. With
// JOURNEY_SCREENSHOTS=1 the walk writes a screenshot of each checkout and booking step, in both
// languages, to docs/screenshots/journey/ (npm run screenshots:journey).
import { expect, test, type Page } from "@playwright/test";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { dubaiDay, expectToast, uniqueEmail, waitForHydration } from "./helpers";

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

// Uric acid has an Arabic name and no other journey books it.
const product = { slug: slugify(seedTests[29].name), nameAr: seedTests[29].nameAr! };
const SHOTS = process.env.JOURNEY_SCREENSHOTS === "1";

/** A Latin word with a lower-case letter is English text; acronyms in Arabic names (TSH, E2) and the brand are not. */
const ENGLISH_WORD = /(?<![\p{L}\d@._-])(?=[A-Za-z]*[a-z])[A-Za-z]{2,}(?![\p{L}\d@])/gu;
// The toaster's region names its keyboard shortcut ("alt+T").
const ALLOWED_WORDS = new Set(["LabTest", "Hub", "LabTestHub", "alt"]);

/** The visible English words of the page outside elements marked lang="en", each with its text. */
async function englishOnPage(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim();
      if (!element || !text) continue;
      if (element.closest("script, style, noscript, template, [aria-hidden='true'], [hidden]")) continue;
      if (element.closest("[lang]")?.getAttribute("lang") === "en") continue;
      const style = getComputedStyle(element);
      if (style.display === "none" || style.visibility === "hidden" || element.getClientRects().length === 0) continue;
      found.push(text);
    }
    // What a screen reader or a form shows too: labels, placeholders, titles. An attribute cannot
    // mark a part as English, so the page's marked content texts (test names) are taken out first.
    const marked = [...document.querySelectorAll("[lang='en']")]
      .map((element) => element.textContent?.trim() ?? "")
      .filter((text) => text.length > 1)
      .sort((a, b) => b.length - a.length);
    for (const element of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
      if (element.closest("[lang]")?.getAttribute("lang") === "en") continue;
      for (const attribute of ["aria-label", "placeholder", "title"]) {
        let value = element.getAttribute(attribute);
        for (const text of marked) value = value?.split(text).join(" ") ?? null;
        if (value) found.push(value);
      }
    }
    return found;
  });
  const offenders = new Set<string>();
  for (const text of texts) {
    const cleaned = text.replace(/\S+@\S+\.\S+/g, " ").replace(/https?:\/\/\S+/g, " ");
    const words = [...cleaned.matchAll(ENGLISH_WORD)].map((match) => match[0]).filter((word) => !ALLOWED_WORDS.has(word));
    if (words.length > 0) offenders.add(text.slice(0, 120));
  }
  return [...offenders];
}

/** How far the page scrolls sideways (0 when it fits the phone). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function expectPhonePage(page: Page, name: string, { arabic = true } = {}) {
  await expect(page.locator("html")).toHaveAttribute("dir", arabic ? "rtl" : "ltr");
  const problems: string[] = [];
  const overflow = await sidewaysScroll(page);
  if (overflow > 1) problems.push(`scrolls ${overflow}px sideways`);
  if (arabic) for (const text of await englishOnPage(page)) problems.push(`English: "${text}"`);
  // Soft: one run lists every page's problems.
  expect.soft(problems, `${name} (${page.url()})`).toEqual([]);
}

async function visit(page: Page, path: string, name = path) {
  await page.goto(path);
  await waitForHydration(page);
  await expectPhonePage(page, name);
}

async function shoot(page: Page, language: "en" | "ar", step: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `docs/screenshots/journey/${language}-${step}.png`, fullPage: false, scale: "css", type: "png" });
}

const isoOf = (day: Date) => `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;

/**
 * A cash-on-delivery checkout of the product at 360 px, each step checked (and photographed):
 * cart, review, details, payment, confirmation, then the dashboard, reschedule and cancel pages.
 */
async function checkoutJourney(page: Page, language: "en" | "ar", daysAhead: number) {
  const arabic = language === "ar";
  const prefix = arabic ? "/ar" : "";
  const texts = arabic
    ? { email: "البريد الإلكتروني", password: "كلمة المرور", create: "إنشاء الحساب", add: /أضف إلى السلة/, added: "تمت الإضافة إلى السلة", patient: "اسم المريض", date: "التاريخ المفضل", nextMonth: "اذهب إلى الشهر التالي", toPayment: "المتابعة إلى الدفع", cash: /الدفع عند الاستلام/, place: "تأكيد الطلب", toDetails: "المتابعة إلى البيانات" }
    : { email: "Email", password: "Password", create: "Create Account", add: /Add to Cart/, added: "Added to cart", patient: "Patient Name", date: "Preferred Date", nextMonth: "Go to the Next Month", toPayment: "Continue to Payment", cash: /Cash on Delivery/, place: "Place Order", toDetails: "Continue to Details" };
  const check = (name: string) => expectPhonePage(page, `${language} ${name}`, { arabic });

  await page.goto(`${prefix}/auth`);
  await waitForHydration(page);
  await page.getByLabel(texts.email).fill(uniqueEmail(`walk-${language}`));
  await page.getByLabel(texts.password).fill("correct-horse-battery");
  await page.getByRole("button", { name: texts.create }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard$`));

  await page.goto(`${prefix}/product/${product.slug}`);
  await waitForHydration(page);
  await check("product");
  await shoot(page, language, "1-product");
  await page.getByRole("button", { name: texts.add }).first().click();
  await expectToast(page, texts.added);

  await page.goto(`${prefix}/cart`);
  await waitForHydration(page);
  await check("cart");
  await shoot(page, language, "2-cart");

  await page.goto(`${prefix}/checkout`);
  await waitForHydration(page);
  await check("checkout review");
  await shoot(page, language, "3-checkout-review");
  await page.getByRole("link", { name: texts.toDetails }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/checkout\\?step=details$`));
  await waitForHydration(page);
  await page.getByLabel(texts.patient).fill(arabic ? "ليلى حداد" : "Layla Haddad");
  await page.getByLabel(texts.date).click();
  const day = dubaiDay(daysAhead);
  if (day.getMonth() !== dubaiDay(0).getMonth()) await page.getByRole("button", { name: texts.nextMonth }).click();
  await page.locator(`[data-day="${isoOf(day)}"] button`).click();
  await check("checkout details");
  await shoot(page, language, "4-checkout-details");
  await page.getByRole("button", { name: texts.toPayment }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/checkout\\?step=payment$`));
  await waitForHydration(page);
  await check("checkout payment");
  await shoot(page, language, "5-checkout-payment");
  await page.getByLabel(texts.cash).check();
  await page.getByRole("button", { name: texts.place }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/checkout\\?step=confirmation`));
  await waitForHydration(page);
  await check("checkout confirmation");
  await shoot(page, language, "6-checkout-confirmation");

  await page.goto(`${prefix}/dashboard`);
  await waitForHydration(page);
  await check("dashboard");
  // On a phone the order is a card whose total, statuses and actions fit the screen's width.
  const cancelOrder = page.getByTestId("order-row").first().getByRole("button", { name: arabic ? "إلغاء الطلب" : "Cancel Order" });
  await shoot(page, language, "7-dashboard");
  await cancelOrder.scrollIntoViewIfNeeded();
  await expect(cancelOrder).toBeInViewport({ ratio: 1 });
  await shoot(page, language, "8-dashboard-orders");
  await page.getByTestId("booking-row").first().scrollIntoViewIfNeeded();
  await shoot(page, language, "9-dashboard-bookings");

  const booking = page.getByTestId("booking-row").first();
  await booking.getByRole("link", { name: arabic ? `تغيير موعد ${product.nameAr}` : `Reschedule ${seedTests[29].name}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/bookings\/[^/]+\/reschedule/);
  await waitForHydration(page);
  await check("booking reschedule");
  await shoot(page, language, "10-booking-reschedule");
  await page.goBack();
  await waitForHydration(page);
  await page
    .getByTestId("booking-row")
    .first()
    .getByRole("link", { name: arabic ? `إلغاء ${product.nameAr}` : `Cancel ${seedTests[29].name}` })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/bookings\/[^/]+\/cancel/);
  await waitForHydration(page);
  await check("booking cancel");
  await shoot(page, language, "11-booking-cancel");

  await page.goto(`${prefix}/profile`);
  await waitForHydration(page);
  await check("profile");
}

test("every customer page at 360 px in Arabic: no English interface text, no sideways scroll", async ({ page }) => {
  test.setTimeout(240_000);
  for (const path of ["/ar", "/ar/search", `/ar/search?q=${encodeURIComponent("فيتامين")}`, "/ar/labs", "/ar/about", "/ar/faqs", "/ar/terms", "/ar/privacy", "/ar/cookies", "/ar/resources"]) {
    await visit(page, path);
  }
  await visit(page, "/ar/this-page-does-not-exist", "not found");

  // The search's filters open from a button, in a dialog, and close back to the results.
  await visit(page, "/ar/search");
  await expect(page.getByTestId("test-card").first()).toBeInViewport();
  await page.getByRole("button", { name: /التصفية والترتيب/ }).click();
  const filters = page.getByRole("dialog", { name: "التصفية والترتيب" });
  await expect(filters.getByRole("combobox", { name: "المنطقة" })).toBeVisible();
  await expectPhonePage(page, "search filters");
  await filters.getByRole("button", { name: "عرض النتائج" }).click();
  await expect(filters).toBeHidden();

  // A category, a lab, a blog post: reached from the pages that list them.
  await visit(page, "/ar");
  const categoryHref = await page.locator('a[href^="/ar/category/"]').first().getAttribute("href");
  await visit(page, categoryHref!, "category");
  await visit(page, "/ar/labs");
  const labHref = await page.locator('a[href^="/ar/labs/"]').first().getAttribute("href");
  await visit(page, labHref!, "lab");
  await visit(page, "/ar/resources");
  const postHref = await page.locator('a[href^="/ar/blog/"]').first().getAttribute("href");
  if (postHref) await visit(page, postHref, "blog post");

  for (const path of ["/ar/auth", "/ar/auth?mode=sign-in", "/ar/auth/forgot-password", "/ar/auth/reset-password?error=INVALID_TOKEN"]) {
    await visit(page, path);
  }

  await checkoutJourney(page, "ar", 10);
});

test("the checkout and booking steps at 360 px in English fit the phone", async ({ page }) => {
  test.setTimeout(180_000);
  await checkoutJourney(page, "en", 11);
});
