import { expect, test, type Browser, type Page } from "@playwright/test";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { DEMO_ADMIN, dubaiDay, expectToast, pickDay, signIn, signUp, uniqueEmail, waitForHydration } from "./helpers";

// This journey runs alone (the "clock" project of playwright.config.ts): today's figures change
// only by what it does, so it can expect exact differences.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** "AED 1,234.50" (or "-AED 12.00") in fils. */
const fils = (text: string) => {
  const amount = Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
  return /[-−]/.test(text) ? -amount : amount;
};

type Today = { gross: number; refunds: number; net: number; funnel: number[] };

/** Today's revenue cards and funnel row, read from the admin dashboard (its table twin). */
async function readToday(admin: Page): Promise<Today> {
  await admin.goto("/admin/dashboard?period=today");
  await waitForHydration(admin);
  const money = async (id: string) => fils((await admin.getByTestId(id).textContent()) ?? "");
  const row = admin.getByRole("table", { name: "Funnel per day" }).locator("tbody tr").first();
  const cells = await row.locator("td").allTextContents();
  return {
    gross: await money("revenue-gross"),
    refunds: await money("revenue-refunds"),
    net: await money("revenue-net"),
    // product views, add to cart, checkout started, paid
    funnel: cells.slice(1, 5).map(Number),
  };
}

async function asAdmin(browser: Browser) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, DEMO_ADMIN);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  return { admin, close: () => context.close() };
}

test("a purchase made by the test shows in today's funnel and revenue, and its refund in today's net revenue", async ({ page, browser }) => {
  const { admin, close } = await asAdmin(browser);
  try {
    const before = await readToday(admin);

    const { name } = { name: seedTests[52].name };
    const email = uniqueEmail("analytics");
    await signUp(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/product/${slugify(name)}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: new RegExp(`^Add to Cart\\W*${escapeRegExp(name)}$`) }).click();
    await expectToast(page, "Added to cart");
    await page.goto("/checkout?step=details");
    await waitForHydration(page);
    await page.getByLabel("Patient Name").fill("Layla Haddad");
    await pickDay(page, page.locator("body"), dubaiDay(3));
    await page.getByTestId("checkout-line").first().getByTestId("slot-list").getByRole("button", { name: /free$/ }).first().click();
    // The demo test is a genetic test: its referral is uploaded before booking (issue 26).
    await page.getByTestId("checkout-line").first().getByLabel(/^Doctor's referral for/).setInputFiles({ name: "referral.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page).toHaveURL(/step=payment/);
    await page.getByLabel(/Pay by Card/).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/demo-checkout\/demo_cs_/);
    const paid = fils((await page.getByRole("button", { name: /^Pay AED/ }).textContent()) ?? "");
    await page.getByRole("button", { name: /^Pay AED/ }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

    const afterPurchase = await readToday(admin);
    // One product view, one add to cart, one checkout started, one paid: the test's own.
    expect(afterPurchase.funnel).toEqual(before.funnel.map((count) => count + 1));
    expect(afterPurchase.gross - before.gross).toBe(paid);
    expect(afterPurchase.net - before.net).toBe(paid);

    // The customer cancels the paid booking three days ahead: refunded in full, today.
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByTestId("booking-row").filter({ hasText: name }).getByRole("link", { name: `Cancel ${name}` }).click();
    await page.getByRole("button", { name: "Confirm cancellation" }).click();
    await expectToast(page, "Booking cancelled");

    const afterRefund = await readToday(admin);
    expect(afterRefund.refunds - afterPurchase.refunds).toBe(paid);
    expect(afterRefund.net - afterPurchase.net).toBe(-paid);
    expect(afterRefund.gross).toBe(afterPurchase.gross);
  } finally {
    await close();
  }
});

test("the analytics charts load in the admin only, with table twins, CSV downloads and periods to choose", async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await waitForHydration(page);
  // The dashboard's cards stay (spec), the analytics follow.
  await expect(page.getByRole("heading", { name: "Partner Labs" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Analytics" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Revenue per day" }).locator("tbody tr")).toHaveCount(7);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV of Revenue per day" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^revenue-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
  expect(csv.split(/\r?\n/)[0]).toBe("Day,Gross paid,Refunds,Net,Paid orders");
  expect(csv.trim().split(/\r?\n/)).toHaveLength(8);

  await page.getByRole("link", { name: "Last 30 days" }).click();
  await expect(page).toHaveURL(/period=30d/);
  await expect(page.getByRole("table", { name: "Revenue per day" }).locator("tbody tr")).toHaveCount(30);
  await page.getByLabel("From", { exact: true }).fill("2026-01-01");
  await page.getByLabel("To", { exact: true }).fill("2026-01-10");
  await page.getByRole("button", { name: "Show range" }).click();
  await expect(page.getByTestId("analytics-period")).toContainText("2026-01-01 to 2026-01-10 (Asia/Dubai), compared with 2025-12-22 to 2025-12-31");
  await expect(page.getByText("No results yet.")).toBeVisible();

  // The storefront never loads the charts' chunk.
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/");
  await waitForHydration(page);
  expect(scripts.some((url) => url.includes("analytics-charts"))).toBe(false);
});
