// Issue 26, "What the visit and the lab need": a health check-up package asks for the doctor's
// name (with a checkbox confirming the referral) at checkout, a genetic test for the referral
// itself in Book Test; neither is booked without it. The lab's staff then read the doctor's name
// and download the file from the portal's worklist. On a 360 px phone.
import { expect, test, type Page } from "@playwright/test";
import { format } from "date-fns";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { DEMO_LAB_STAFF, dubaiDay, expectToast, pickDay, signIn, signUp, uniqueEmail, waitForHydration } from "./helpers";

const PHONE = { width: 360, height: 800 };
const PDF = Buffer.from("%PDF-1.4\n% Referral letter: Dr Huda Rahman asks for a genetic test\n%%EOF\n");

type Options = { labs: { labId: string; labName: string }[]; slots: { time: string; status: "free" | "full" }[] | null };

/** A seeded test of the category at one of `labIds` (a lab of the demo staff): its id, name, slug and that lab. */
async function testAtLabs(page: Page, category: string, labIds: string[]) {
  for (const seeded of seedTests.filter((candidate) => candidate.category === category)) {
    const slug = slugify(seeded.name);
    await page.goto(`/product/${slug}`);
    const href = await page.locator('a[href*="/book/"]').first().getAttribute("href");
    const testId = /\/book\/([0-9a-f-]{36})/.exec(href ?? "")?.[1];
    if (!testId) continue;
    const { labs } = (await (await page.request.get(`/api/slots?test=${testId}`)).json()) as Options;
    const lab = labs.find((choice) => labIds.includes(choice.labId));
    if (lab) return { testId, name: seeded.name, slug, lab };
  }
  throw new Error(`no ${category} test at the staff's labs`);
}

/** The first day from tomorrow on which the lab has a free walk-in slot for the test, with that slot. */
async function firstFreeSlot(page: Page, testId: string, labId: string) {
  for (let days = 1; days <= 7; days++) {
    const day = dubaiDay(days);
    const date = format(day, "yyyy-MM-dd");
    const options = (await (await page.request.get(`/api/slots?test=${testId}&lab=${labId}&type=walk_in&date=${date}`)).json()) as Options;
    const free = options.slots?.find((slot) => slot.status === "free");
    if (free) return { day, date, time: free.time };
  }
  throw new Error("no free slot in a week");
}

test("a package is booked with the doctor's name at checkout and a genetic test with the uploaded referral; the lab reads both", async ({ browser }) => {
  // The demo staff's labs, from their portal.
  const staff = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(staff, DEMO_LAB_STAFF);
  await staff.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await staff.goto("/partner");
  const staffHrefs = await staff.locator('a[href^="/partner/"]').evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const staffLabIds = [...new Set(staffHrefs.flatMap((href) => /^\/partner\/([0-9a-f-]{36})$/.exec(href)?.[1] ?? []))];
  expect(staffLabIds.length).toBeGreaterThan(0);

  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signUp(page, uniqueEmail("referral"));
  await expect(page).toHaveURL(/\/dashboard$/);
  const pkg = await testAtLabs(page, "Executive Health", staffLabIds);
  const genetic = await testAtLabs(page, "Genetic Testing", staffLabIds);

  // The package: the product page says what it needs; into the cart, then checkout.
  await page.goto(`/product/${pkg.slug}`);
  await waitForHydration(page);
  await expect(page.getByTestId("referral-note")).toHaveText("This test needs a doctor's referral: you give the doctor's name when booking.");
  await page.getByRole("button", { name: new RegExp(`^Add to Cart\\W*${pkg.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).click();
  await expectToast(page, "Added to cart");

  const visit = await firstFreeSlot(page, pkg.testId, pkg.lab.labId);
  await page.goto("/checkout?step=details");
  await waitForHydration(page);
  await page.getByLabel("Patient Name").fill("Noura Khalid");
  await pickDay(page, page.locator("main"), visit.day);
  const line = page.getByTestId("checkout-line").filter({ hasText: pkg.name });
  await line.getByLabel(`Lab for ${pkg.name}`).selectOption(pkg.lab.labId);
  const slotButton = line.getByTestId("slot-list").getByRole("button", { name: new RegExp(`^${visit.time}, \\d+ free$`) });
  await slotButton.click();
  await line.getByLabel("Doctor's name").fill("Dr. Huda Rahman");
  // Without the checkbox confirming the referral, the order does not go on; what was typed stays.
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(line.getByRole("alert").filter({ hasText: "Please confirm that you have a doctor's referral and enter the doctor's name" })).toBeVisible();
  await expect(page).toHaveURL(/step=details/);
  await expect(line.getByLabel("Doctor's name")).toHaveValue("Dr. Huda Rahman");
  await line.getByLabel(`I have a doctor's referral for ${pkg.name}`).check();
  // The referral's fields fit the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await slotButton.click();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/step=payment/);
  await page.getByLabel(/Cash on Delivery/).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();

  // The genetic test, in the Book This Test dialog: the referral file is asked for.
  await page.goto(`/product/${genetic.slug}`);
  await waitForHydration(page);
  await expect(page.getByTestId("referral-note")).toHaveText("This test needs a doctor's referral: you upload it when booking.");
  await page.getByRole("button", { name: "Book This Test" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Lab", { exact: true }).selectOption(genetic.lab.labId);
  // Another member of the family: one person is not at two labs at the same moment.
  await dialog.getByLabel("Patient Name").fill("Salim Khalid");
  await dialog.getByLabel("Email").fill("salim@example.com");
  const geneticVisit = await firstFreeSlot(page, genetic.testId, genetic.lab.labId);
  await pickDay(page, dialog, geneticVisit.day);
  await dialog.getByTestId("slot-list").getByRole("button", { name: new RegExp(`^${geneticVisit.time}, \\d+ free$`) }).click();
  const fileInput = dialog.getByLabel(`Doctor's referral for ${genetic.name} (PDF, PNG or JPEG, up to 5 MB)`);
  // A file that only claims to be a PDF is refused by its content.
  await fileInput.setInputFiles({ name: "referral.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html>not a referral</html>") });
  await dialog.getByRole("button", { name: "Book Test" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "The referral must be a PDF, PNG or JPEG file" })).toBeVisible();
  await fileInput.setInputFiles({ name: "referral.pdf", mimeType: "application/pdf", buffer: PDF });
  await dialog.getByRole("button", { name: "Book Test" }).click();
  await expectToast(page, "Your booking has been submitted successfully");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The lab's worklist on those days: the doctor's name, and the file to download.
  await staff.goto(`/partner/${pkg.lab.labId}?date=${visit.date}`);
  const pkgCard = staff.getByTestId("worklist-booking").filter({ hasText: "Noura Khalid" }).filter({ hasText: "Referred by Dr Huda Rahman" });
  await expect(pkgCard).toHaveCount(1);
  await staff.goto(`/partner/${genetic.lab.labId}?date=${geneticVisit.date}`);
  const geneticCard = staff.getByTestId("worklist-booking").filter({ hasText: "Salim Khalid" }).filter({ has: staff.getByRole("link", { name: "Download the referral" }) });
  await expect(geneticCard).toHaveCount(1);
  const href = (await geneticCard.getByRole("link", { name: "Download the referral" }).getAttribute("href"))!;
  expect(href).not.toContain("Salim");
  const file = await staff.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(Buffer.compare(await file.body(), PDF)).toBe(0);
  // The customer cannot fetch it from the portal.
  expect((await page.request.get(href)).status()).toBe(404);
});
