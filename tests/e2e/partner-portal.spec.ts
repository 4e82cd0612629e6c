// The partner portal's journey (issue 27): an admin makes someone a lab manager; the manager adds a
// staff member and lowers a price (the product page follows within a second); two customers'
// bookings come due; the staff member, on a 360 px phone, marks one sample collected and the other
// a no-show; the customer sees "Sample collected" in My Bookings. It moves the server's clock
// (/api/test-clock) to the visits' time, so it runs in the "clock" project, alone.
import AxeBuilder from "@axe-core/playwright";
import { TZDate } from "@date-fns/tz";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { format } from "date-fns";
import { csrfToken, DEMO_ADMIN, DEMO_LAB_STAFF, dubaiDay, expectToast, openDemoBookingsDay, postTestClock, signIn, signUp, uniqueEmail, waitForHydration } from "./helpers";

const SLUG = "homocysteine";
const TEST_NAME = "Homocysteine";
const PHONE = { width: 360, height: 740 };

const aed = (text: string) => Number(/AED\s*([\d,]+\.\d{2})/.exec(text)![1].replace(/,/g, ""));
const money = (value: number) => `AED ${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The product page's comparison (desktop table), cheapest first: lab name and price. */
async function comparison(page: Page) {
  await page.goto(`/product/${SLUG}`);
  const rows = page.getByTestId("lab-comparison-table").getByTestId("lab-offer");
  await expect(rows.first()).toBeVisible();
  const texts = await rows.allInnerTexts();
  return Promise.all(texts.map(async (text, index) => ({ lab: (await rows.nth(index).locator("td").first().innerText()).split("\n")[0].trim(), price: aed(text) })));
}

async function newPage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return context.newPage();
}

/** A Book Test booking (nothing charged) of the test at the lab, posted as the form does. */
async function book(customer: Page, testId: string, labId: string, date: string, time: string, patientName: string) {
  const csrf = await csrfToken(customer.request);
  const response = await customer.request.post(`/book/${testId}.data`, {
    headers: { Origin: new URL(customer.url()).origin },
    form: { patientName, patientEmail: uniqueEmail("portal-patient"), patientPhone: "+971 50 123 4567", scheduledDate: date, scheduledTime: time, labId, collectionType: "walk_in", csrf },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Moves the server's clock to `at` (an instant), never backwards. */
async function moveClockTo(request: APIRequestContext, at: number) {
  const clock = (await (await request.get("/api/test-clock")).json()) as { now: string };
  const advanceMinutes = Math.ceil((at - Date.parse(clock.now)) / 60_000);
  expect(advanceMinutes).toBeGreaterThan(0);
  expect((await postTestClock(request, { advanceMinutes })).ok()).toBe(true);
}

test("an admin makes a lab manager, who adds staff and lowers a price; staff on a phone mark a sample collected and a no-show; the customer sees it", async ({ browser, request }) => {
  test.slow();
  // The product page: the dearer lab is the one we give a manager.
  const visitor = await newPage(browser);
  const [cheapest, second] = await comparison(visitor);
  expect(second.price).toBeGreaterThanOrEqual(cheapest.price);
  const managerEmail = uniqueEmail("portal-manager");
  const staffEmail = uniqueEmail("portal-staff");
  const manager = await newPage(browser);
  await signUp(manager, managerEmail);
  await expect(manager).toHaveURL(/\/dashboard$/);
  const staff = await newPage(browser, PHONE);
  await signUp(staff, staffEmail);
  await expect(staff).toHaveURL(/\/dashboard$/);

  // The admin adds the manager from the lab's form.
  const admin = await newPage(browser);
  await signIn(admin, DEMO_ADMIN);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto(`/admin/labs?q=${encodeURIComponent(second.lab)}`);
  await waitForHydration(admin);
  await admin.getByRole("row").filter({ hasText: second.lab }).first().getByRole("button", { name: `Edit ${second.lab}` }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Add a manager by e-mail").fill(managerEmail);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expectToast(admin, "Member added");
  await expect(dialog.getByRole("list", { name: "Managers" })).toContainText(managerEmail);

  // The manager finds the portal in the header and lands on their lab's day.
  await manager.goto("/");
  await manager.getByRole("link", { name: "Portal" }).first().click();
  await expect(manager).toHaveURL(/\/partner\/[0-9a-f-]{36}$/);
  const labId = /\/partner\/([0-9a-f-]{36})/.exec(manager.url())![1];
  await expect(manager.getByRole("navigation", { name: "Partner portal" })).toContainText(second.lab);

  // ... adds a staff member ...
  await manager.getByRole("link", { name: "Members" }).click();
  await waitForHydration(manager);
  await expectNoSeriousViolations(manager);
  await manager.getByLabel("Add a staff member by e-mail").fill(staffEmail);
  await manager.getByRole("button", { name: "Add", exact: true }).click();
  await expectToast(manager, "Member added");
  await expect(manager.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: staffEmail })).toContainText("Staff");

  // ... and lowers the price below the cheapest lab's. Anonymous visitors hold the page in the cache meanwhile.
  const anonymousPage = () => request.get(`/product/${SLUG}`).then((response) => response.text());
  await anonymousPage();
  const lowered = Math.max(cheapest.price - 1, 1);
  await manager.goto(`/partner/${labId}/offers?q=${encodeURIComponent(TEST_NAME)}`);
  await waitForHydration(manager);
  await manager.getByRole("button", { name: `Edit ${TEST_NAME}`, exact: true }).click();
  await manager.getByRole("dialog").getByLabel("Price (AED)").fill(lowered.toFixed(2));
  await manager.getByRole("dialog").getByRole("button", { name: "Update Offer" }).click();
  await expectToast(manager, "Offer updated");
  const savedAt = Date.now();
  await expect.poll(async () => (await anonymousPage()).includes(`${TEST_NAME} from ${money(lowered)}`), { timeout: 1_000, intervals: [50] }).toBe(true);
  expect(Date.now() - savedAt).toBeLessThan(1_000);
  const after = await comparison(visitor);
  expect(after[0]).toEqual({ lab: second.lab, price: lowered });
  // The price history names the manager.
  await manager.getByRole("link", { name: "Price history" }).click();
  await expect(manager.getByRole("row").filter({ hasText: TEST_NAME }).first()).toContainText(`${money(second.price)} → ${money(lowered)}`);
  await expect(manager.getByRole("row").filter({ hasText: TEST_NAME }).first()).toContainText(managerEmail);

  // A customer books two visits at this lab for tomorrow, in its first two free slots.
  const customer = await newPage(browser);
  await signUp(customer, uniqueEmail("portal-customer"));
  await expect(customer).toHaveURL(/\/dashboard$/);
  await customer.goto(`/product/${SLUG}`);
  await waitForHydration(customer);
  await customer.getByRole("button", { name: "Book This Test" }).first().click();
  const testId = (await customer.getByRole("dialog").locator("form").getAttribute("action"))!.split("/").at(-1)!;
  // The first day ahead with two free walk-in slots at the lab (it may close on some weekdays).
  let day = "";
  let free: { time: string }[] = [];
  for (let ahead = 1; free.length < 2 && ahead <= 7; ahead++) {
    day = format(dubaiDay(ahead), "yyyy-MM-dd");
    const options = (await (await customer.request.get(`/api/slots?test=${testId}&lab=${labId}&type=walk_in&date=${day}`)).json()) as { slots: { time: string; status: string }[] | null };
    free = (options.slots ?? []).filter((slot) => slot.status === "free");
  }
  const [first, next] = free;
  expect(next, "no day with two free slots in a week").toBeDefined();
  await book(customer, testId, labId, day, first.time, "Collected Patient");
  await book(customer, testId, labId, day, next.time, "Absent Patient");

  try {
    // The visits' day has come, and both slots have started.
    const [hours, minutes] = next.time.split(":").map(Number);
    const [year, month, date] = day.split("-").map(Number);
    await moveClockTo(request, new TZDate(year, month - 1, date, hours, minutes + 10, "Asia/Dubai").getTime());

    // The staff member, on a phone, signs in and lands on today's worklist.
    // A tap on the menu before the page has hydrated opens it once it has (taps-before-hydration.ts).
    await staff.goto("/");
    await staff.getByRole("button", { name: "Open menu" }).click();
    await staff.getByRole("link", { name: "Portal" }).click();
    await expect(staff).toHaveURL(new RegExp(`/partner/${labId}$`));
    await waitForHydration(staff);
    const collected = staff.getByTestId("worklist-booking").filter({ hasText: "Collected Patient" });
    const absent = staff.getByTestId("worklist-booking").filter({ hasText: "Absent Patient" });
    await expect(collected).toContainText(TEST_NAME);
    await expect(collected).toContainText("+971 50 123 4567");
    expect(await sidewaysOverflow(staff)).toBeLessThanOrEqual(0);
    // Staff see the day's work only: no offers, prices, profile or members.
    await expect(staff.getByRole("navigation", { name: "Partner portal" }).getByRole("link", { name: "Offers" })).toHaveCount(0);

    const markCollected = collected.getByRole("button", { name: /^Sample collected:/ });
    await markCollected.scrollIntoViewIfNeeded();
    const box = (await markCollected.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await markCollected.click();
    await expectToast(staff, "Sample collected");
    await expect(collected.getByText("Sample collected", { exact: true })).toBeVisible();
    await expect(collected).toContainText("Sample collected at:");

    await absent.getByRole("button", { name: /^No-show:/ }).click();
    await expectToast(staff, "Marked as a no-show");
    await expect(absent.getByText("No-show", { exact: true })).toBeVisible();
    expect(await sidewaysOverflow(staff)).toBeLessThanOrEqual(0);

    // The print view of the day, for the round.
    await staff.goto(`/partner/${labId}/print?date=${day}`);
    await expect(staff.getByRole("table")).toContainText("Collected Patient");

    // The customer sees it in My Bookings.
    await customer.goto("/dashboard");
    const mine = customer.getByTestId("booking-row").filter({ hasText: "Collected Patient" });
    // Issue 26: statuses in a patient's words (lifecycle/patient-status.ts).
    await expect(mine.getByText("Sample collected, awaiting results", { exact: true })).toBeVisible();
    await expect(mine.getByTestId("booking-lab-note")).toContainText("Sample collected on");
    await expect(customer.getByTestId("booking-row").filter({ hasText: "Absent Patient" }).getByText("Missed appointment", { exact: true })).toBeVisible();

    // The same in Arabic.
    await customer.goto("/ar/dashboard");
    await expect(customer.getByTestId("booking-row").filter({ hasText: "Collected Patient" }).getByText("تم أخذ العينة، بانتظار النتائج", { exact: true })).toBeVisible();
  } finally {
    await postTestClock(request, { reset: true });
  }

  // The walls, as the browser asks: a customer gets 404 on the portal, a lab member 404 on /admin.
  expect((await customer.request.get(`/partner/${labId}`)).status()).toBe(404);
  expect((await customer.request.get(`/partner/${labId}.data`)).status()).toBe(404);
  expect((await staff.request.get("/admin/dashboard", { maxRedirects: 0 })).status()).toBe(404);
  expect((await staff.request.get(`/partner/${labId}/offers`)).status()).toBe(403);
});

/** axe (WCAG 2 A/AA): no serious or critical violation. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a lab member's worklist and its actions fit a 360 px phone with no sideways scrolling, and pass axe", async ({ browser }) => {
  const staff = await newPage(browser, PHONE);
  await signIn(staff, DEMO_LAB_STAFF);
  await expect(staff).toHaveURL(/\/partner$/);
  // The demo staff member works for two labs: choose the first.
  await staff.getByRole("link").filter({ hasText: "Staff" }).first().click();
  await expect(staff).toHaveURL(/\/partner\/[0-9a-f-]{36}$/);
  await openDemoBookingsDay(staff);
  await waitForHydration(staff);
  const cards = staff.getByTestId("worklist-booking");
  await expect(cards.first()).toBeVisible();
  expect(await sidewaysOverflow(staff)).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(staff);
  for (const card of await cards.all()) {
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  // The cancel choice opens in place and fits too (on a booking still open: other journeys on this
  // server may have collected, cancelled or completed some of the day's demo bookings).
  const open = cards.filter({ hasText: "Cancel…" }).first();
  await open.getByText("Cancel…").click();
  await expect(open.getByLabel("Why does the lab cancel?")).toBeVisible();
  expect(await sidewaysOverflow(staff)).toBeLessThanOrEqual(0);
  const worklist = new URL(staff.url());
  await staff.goto(`${worklist.pathname}/print${worklist.search}`);
  await expect(staff.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sidewaysOverflow(staff)).toBeLessThanOrEqual(0);
});
