// What the lab is told of the patient (issue 26): the demo lab's staff, on a 360 px phone, read the
// demo patient's date of birth with her age on the day, her sex and her referring doctor, and
// download the referral; the print view and the admin's booking page show the same; another
// account gets 404 for the file. The demo data's first booking carries them (app/seed).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser } from "@playwright/test";
import { format } from "date-fns";
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_LAB_STAFF, openDemoBookingsDay, signIn, waitForHydration } from "./helpers";

const PHONE = { width: 360, height: 740 };
const BORN = "1990-04-12";

/** Whole years from the demo patient's birth to a day (her age on the day of her visit). */
function ageOn(day: Date) {
  const date = format(day, "yyyy-MM-dd");
  const years = Number(date.slice(0, 4)) - Number(BORN.slice(0, 4));
  return date.slice(5) < BORN.slice(5) ? years - 1 : years;
}

async function newPage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return context.newPage();
}

test("the lab's staff read the patient's date of birth, age, sex and referral, and download the referral; nobody else can", async ({ browser }) => {
  const staff = await newPage(browser, PHONE);
  await signIn(staff, DEMO_LAB_STAFF);
  await staff.waitForURL((url) => !url.pathname.startsWith("/auth"));
  // The demo staff work at the first two labs by name; the demo bookings of today are at the first.
  await staff.goto("/partner");
  await staff.getByRole("link", { name: /Staff$/ }).first().click();
  await expect(staff).toHaveURL(/\/partner\/[0-9a-f-]{36}$/);
  const labId = /\/partner\/([0-9a-f-]{36})/.exec(staff.url())![1];
  const demoDay = await openDemoBookingsDay(staff);
  const birth = `12 Apr 1990 (${ageOn(demoDay)} years old)`;
  await waitForHydration(staff);

  const card = staff.getByRole("region", { name: "10:00" }).getByTestId("worklist-booking").filter({ hasText: "Aisha Al Mansoori" });
  await expect(card.getByTestId("patient-birth")).toHaveText(birth);
  await expect(card.getByTestId("patient-sex")).toHaveText("Female");
  await expect(card).toContainText("Referred by Dr Amal Saeed");
  expect(await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const axe = await new AxeBuilder({ page: staff }).include("main").analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // The download: a PDF, named without the patient or the test.
  const link = card.getByRole("link", { name: "Download the referral" });
  const href = (await link.getAttribute("href"))!;
  const bookingId = /\/bookings\/([0-9a-f-]{36})\/referral$/.exec(href)![1];
  const [download] = await Promise.all([staff.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^referral-[0-9a-f]{8}\.pdf$/);
  const response = await staff.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The print view carries them too.
  await staff.goto(`/partner/${labId}/print?date=${format(demoDay, "yyyy-MM-dd")}`);
  const row = staff.getByRole("row").filter({ hasText: "Aisha Al Mansoori" }).filter({ hasText: "Referred by Dr Amal Saeed" });
  await expect(row).toContainText(birth);
  await expect(row).toContainText("Female");

  // The customer who uploaded it is not the lab: the portal's file is not found for her.
  const customer = await newPage(browser);
  await signIn(customer, DEMO_CUSTOMER);
  await expect(customer).toHaveURL(/\/dashboard/);
  expect((await customer.request.get(href)).status()).toBe(404);

  // The admin's booking page: the same facts and the admin's own download.
  const admin = await newPage(browser);
  await signIn(admin, DEMO_ADMIN);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto(`/admin/bookings/${bookingId}`);
  await expect(admin.getByText(birth)).toBeVisible();
  await expect(admin.getByText("Referred by Dr Amal Saeed")).toBeVisible();
  const adminFile = await admin.request.get(`/admin/bookings/${bookingId}/referral`);
  expect(adminFile.status()).toBe(200);
  expect(adminFile.headers()["cache-control"]).toBe("private, no-store");
});
