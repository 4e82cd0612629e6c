import { TZDate } from "@date-fns/tz";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { addDays, format } from "date-fns";

export const DEMO_ADMIN = { email: "admin@labtesthub.ae", password: "LabAdmin#2026" };
export const DEMO_CUSTOMER = { email: "customer@labtesthub.ae", password: "Customer#2026" };
export const DEMO_LAB_MANAGER = { email: "manager@labtesthub.ae", password: "LabManager#2026" };
export const DEMO_LAB_STAFF = { email: "staff@labtesthub.ae", password: "LabStaff#2026" };

/** The configured server's address (playwright.config.ts: SITE_URL), as the Origin a page of it sends. */
export const SITE_ORIGIN = `http://localhost:${process.env.E2E_PORT}`;

/**
 * POST /api/test-clock (moves the server's slot clock, runs a sweep). The server refuses a write
 * that names no page it came from, as every browser does: this sends the site's Origin.
 */
export function postTestClock(request: APIRequestContext, data: Record<string, unknown>) {
  return request.post("/api/test-clock", { data, headers: { Origin: SITE_ORIGIN } });
}

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The anti-CSRF token a signed-in request context's forms carry (read from a page's hidden field). */
export async function csrfToken(context: APIRequestContext, path = "/dashboard") {
  const html = await (await context.get(path)).text();
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  expect(token, `no csrf field on ${path}`).toBeTruthy();
  return token!;
}

/**
 * Waits until React has hydrated the page: the footer, the last part of every page, has its fiber
 * (a root's container mark alone is set before hydration starts), then a frame for the commit and
 * its effects, and no requests in flight.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const footer = document.getElementById("site-footer");
    return !!footer && Object.keys(footer).some((key) => key.startsWith("__reactFiber$"));
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await page.waitForLoadState("networkidle");
}

/**
 * Waits until the page shown is the one at the address bar's address: after a client-side
 * navigation the address changes before a busy browser shows the new page. The header's language
 * link is rendered from the shown page's address.
 */
export async function expectPageOfAddress(page: Page) {
  await expect
    .poll(async () => {
      const href = await page.locator('header a[href^="/language?"]').first().getAttribute("href");
      const url = new URL(page.url());
      return new URLSearchParams(href?.split("?")[1]).get("to") === url.pathname.replace(/^\/ar(?=\/|$)/, "") + url.search + url.hash;
    })
    .toBe(true);
}

export async function signIn(page: Page, account: { email: string; password: string }, query = "") {
  await page.goto(`/auth?mode=sign-in${query ? `&${query}` : ""}`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function signUp(page: Page, email: string, password = "correct-horse-battery", query = "") {
  await page.goto(`/auth${query ? `?${query}` : ""}`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
}

export async function expectToast(page: Page, text: string | RegExp) {
  const toasts = page.locator("[data-sonner-toast]");
  try {
    await expect(toasts.filter({ hasText: text }).first()).toBeVisible();
  } catch (error) {
    // Which toasts the page did show (an error toast instead, or none) tells why.
    const shown = await toasts.allTextContents().catch(() => []);
    throw new Error(`No toast "${text}" on ${page.url()}; toasts shown: ${shown.length ? shown.map((t) => `"${t}"`).join(", ") : "none"}`, { cause: error });
  }
}

/** A day `days` from today in Asia/Dubai (the booking calendar's days). */
export const dubaiDay = (days: number) => addDays(new TZDate(Date.now(), "Asia/Dubai"), days);

/**
 * Opens, on `staff`'s lab worklist page, the day of the demo bookings and returns it. The demo data
 * (app/seed) books them "today" as of the server's start, in Asia/Dubai: a run that crossed midnight
 * there (20:00 UTC) after the server started finds them on the day before.
 */
export async function openDemoBookingsDay(staff: Page): Promise<Date> {
  const demoVisit = staff.getByRole("region", { name: "10:00" }).getByTestId("worklist-booking").filter({ hasText: "Aisha Al Mansoori" });
  for (const days of [0, -1]) {
    const day = dubaiDay(days);
    const worklist = new URL(staff.url());
    worklist.searchParams.set("date", format(day, "yyyy-MM-dd"));
    await staff.goto(worklist.toString());
    if ((await demoVisit.count()) > 0) return day;
  }
  throw new Error(`The demo bookings are on neither today's nor yesterday's worklist (${staff.url()})`);
}

/** Picks a day in the booking date calendar of `scope` (a dialog or the page). */
export async function pickDay(page: Page, scope: Locator, day: Date) {
  await scope.getByLabel("Preferred Date").click();
  const today = dubaiDay(0);
  const months = (day.getFullYear() - today.getFullYear()) * 12 + day.getMonth() - today.getMonth();
  for (let i = 0; i < months; i++) await page.getByRole("button", { name: /next month/i }).click();
  await page.getByRole("button", { name: new RegExp(format(day, "PPPP")) }).click();
  await expect(scope.getByLabel("Preferred Date")).toHaveText(format(day, "EEE, d MMM yyyy"));
}

export type LayoutShift = { value: number; moved: string[] };
type ShiftWindow = { layoutShifts: LayoutShift[] };

/**
 * Records each document's layout shifts not caused by the visitor's input (what CLS counts), with
 * the elements that moved, from the next navigation on. Read them with `layoutShifts`.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    (window as unknown as ShiftWindow).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(({ node }) => (node instanceof Element ? `<${node.localName} class="${node.className}">${node.textContent?.slice(0, 40)}` : String(node)));
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The current document's layout shifts so far (see `recordLayoutShifts`). */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as ShiftWindow).layoutShifts);
}
