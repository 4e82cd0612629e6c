import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { format } from "date-fns";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { csrfToken, expectToast, signUp, uniqueEmail, waitForHydration, dubaiDay, pickDay } from "./helpers";

const SLOT_TAKEN = "This time slot has just been taken, please choose another";

type LabChoice = { labId: string; labName: string; homeCollection: boolean; homeCollectionAreas: string[]; priceFils: number };
type Options = { labs: LabChoice[]; labId: string | null; slots: { time: string; status: "free" | "full" }[] | null };

const demoTest = (index: number) => ({ name: seedTests[index].name, slug: slugify(seedTests[index].name) });

/** Opens a product's Book This Test dialog and returns it with the test id (from the form's address) and its labs. */
async function openBookingDialog(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Book This Test" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Patient Name")).toBeVisible();
  const action = await dialog.locator("form").getAttribute("action");
  const testId = action!.split("/").at(-1)!;
  const { labs } = (await (await page.request.get(`/api/slots?test=${testId}`)).json()) as Options;
  if (labs.length > 0) await expect(dialog.getByLabel("Lab", { exact: true })).toBeVisible();
  return { dialog, testId, labs };
}


/** The first day from tomorrow on which the lab has a free slot of that type, with that slot. */
async function firstFreeSlot(page: Page, testId: string, labId: string, type: "walk_in" | "home") {
  for (let days = 1; days <= 7; days++) {
    const day = dubaiDay(days);
    const date = format(day, "yyyy-MM-dd");
    const options = (await (await page.request.get(`/api/slots?test=${testId}&lab=${labId}&type=${type}&date=${date}`)).json()) as Options;
    const free = options.slots?.find((slot) => slot.status === "free");
    if (free) return { day, date, time: free.time };
  }
  throw new Error("no free slot in a week");
}

/** A seeded test whose labs (cheapest first) include one at `index` with home collection. */
async function testWithHomeLab(page: Page, index: number) {
  for (let i = 10; i < 40; i++) {
    const { name, slug } = demoTest(i);
    const opened = await openBookingDialog(page, slug);
    const lab = opened.labs[index];
    if (lab?.homeCollection && lab.homeCollectionAreas.length > 0) return { ...opened, name, lab };
    await page.keyboard.press("Escape");
  }
  throw new Error("no seeded test has such a lab");
}

async function fillHomeCollection(dialog: Locator, lab: LabChoice) {
  await dialog.getByLabel("Lab", { exact: true }).selectOption(lab.labId);
  await dialog.getByLabel(/^Home collection/).check();
  await dialog.getByLabel("Address for home collection").fill("Flat 1203, Sky Tower, Shams Abu Dhabi");
  await dialog.getByLabel("Area", { exact: true }).selectOption(lab.homeCollectionAreas[0]);
}

test("a customer books the second-cheapest lab for home collection in a free slot", async ({ page }) => {
  await signUp(page, uniqueEmail("home-booking"));
  await expect(page).toHaveURL(/\/dashboard$/);
  const { dialog, testId, labs, name, lab } = await testWithHomeLab(page, 1);
  expect(labs[0].priceFils).toBeLessThanOrEqual(lab.priceFils);
  // By default any lab (the cheapest with the time free); then the labs, cheapest first and marked.
  const labChoice = dialog.getByLabel("Lab", { exact: true });
  await expect(labChoice).toHaveValue("");
  await expect(labChoice.locator("option").first()).toContainText("Cheapest lab with your time free");
  await expect(labChoice.locator("option").nth(1)).toContainText(`${labs[0].labName}`);
  await expect(labChoice.locator("option").nth(1)).toContainText("(cheapest)");

  await fillHomeCollection(dialog, lab);
  await dialog.getByLabel("Patient Name").fill("Mariam Al Mansoori");
  await dialog.getByLabel("Email").fill("mariam@example.com");
  const slot = await firstFreeSlot(page, testId, lab.labId, "home");
  await pickDay(page, dialog, slot.day);
  const slots = dialog.getByTestId("slot-list");
  await expect(dialog.getByRole("heading", { name: new RegExp(`Time slots at ${lab.labName}`) })).toBeVisible();
  await slots.getByRole("button", { name: new RegExp(`^${slot.time}, \\d+ free$`) }).click();
  await expect(dialog.getByLabel("Preferred Time")).toHaveValue(slot.time);
  await dialog.getByRole("button", { name: "Book Test" }).click();
  await expectToast(page, "Your booking has been submitted successfully");
  await expect(dialog).toHaveCount(0);

  await page.goto("/dashboard");
  await expect(page.getByTestId("booking-row").first()).toContainText(name);
  await expect(page.getByTestId("booking-row").first()).toContainText(slot.time);
});

test("a full slot is shown as Full, and a forced booking of it is refused", async ({ page, baseURL, playwright }) => {
  await signUp(page, uniqueEmail("full-slot"));
  await expect(page).toHaveURL(/\/dashboard$/);
  const { dialog, testId, lab } = await testWithHomeLab(page, 0);
  const slot = await firstFreeSlot(page, testId, lab.labId, "home");

  // Fill the slot's capacity (home collection: 1 to 3 visits) through the booking endpoint, one
  // visit per customer: an account may hold at most 2 places of a slot.
  const fillers: APIRequestContext[] = [];
  const book = async () => {
    const filler = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    fillers.push(filler);
    const signedUp = await filler.post("/auth", { form: { intent: "sign-up", email: uniqueEmail("filler"), password: "correct-horse-battery" }, maxRedirects: 0 });
    expect(signedUp.status()).toBe(302);
    return filler.post(`/book/${testId}`, {
      form: {
        csrf: await csrfToken(filler),
        patientName: "Capacity Filler",
        patientEmail: "filler@example.com",
        scheduledDate: slot.date,
        scheduledTime: slot.time,
        labId: lab.labId,
        collectionType: "home",
        homeAddress: "Villa 7",
        homeArea: lab.homeCollectionAreas[0],
      },
    });
  };
  let answer = await book();
  for (let i = 0; answer.status() === 200 && i < 10; i++) answer = await book();
  // 409: the slot is full (the message is checked in the form below).
  expect(answer.status()).toBe(409);
  expect(await answer.text()).toContain(SLOT_TAKEN);
  await Promise.all(fillers.map((filler) => filler.dispose()));

  await fillHomeCollection(dialog, lab);
  await dialog.getByLabel("Patient Name").fill("Khalid Rahman");
  await dialog.getByLabel("Email").fill("khalid@example.com");
  await pickDay(page, dialog, slot.day);
  const full = dialog.getByTestId("slot-list").getByRole("button", { name: `${slot.time} Full` });
  await expect(full).toBeDisabled();

  // Typing the full slot's time anyway: the server refuses it with the spec's message.
  await dialog.getByLabel("Preferred Time").fill(slot.time);
  await dialog.getByRole("button", { name: "Book Test" }).click();
  await expectToast(page, SLOT_TAKEN);
  await expect(dialog.getByText(SLOT_TAKEN).first()).toBeVisible();
});

test("the booking calendar stops at the booking horizon and says how far ahead one can book", async ({ page, baseURL }) => {
  await signUp(page, uniqueEmail("horizon"));
  await expect(page).toHaveURL(/\/dashboard$/);
  const { dialog, testId } = await openBookingDialog(page, demoTest(2).slug);
  // The default horizon is 90 days from today in Abu Dhabi.
  const last = dubaiDay(90);
  const isoOf = (day: Date) => format(day, "yyyy-MM-dd");
  await expect(dialog.getByTestId("booking-horizon")).toHaveText(`You can book up to 90 days ahead, until ${format(last, "EEE, d MMM yyyy")}.`);

  await dialog.getByLabel("Preferred Date").click();
  const today = dubaiDay(0);
  const months = (last.getFullYear() - today.getFullYear()) * 12 + last.getMonth() - today.getMonth();
  for (let i = 0; i < months; i++) await page.getByRole("button", { name: /next month/i }).click();
  // The last day can be picked; the day after cannot, and the calendar goes no further.
  await expect(page.locator(`[data-day="${isoOf(last)}"] button`)).toBeEnabled();
  const after = page.locator(`[data-day="${isoOf(dubaiDay(91))}"] button`);
  if ((await after.count()) > 0) await expect(after).toBeDisabled();
  await expect(page.getByRole("button", { name: /next month/i })).toBeDisabled();
  await page.locator(`[data-day="${isoOf(last)}"] button`).click();
  await expect(dialog.getByLabel("Preferred Date")).toHaveText(format(last, "EEE, d MMM yyyy"));

  // A date beyond it, posted anyway, is refused by the server with the reason.
  const answer = await page.request.post(`/book/${testId}`, {
    headers: { Origin: baseURL! },
    form: { csrf: await csrfToken(page.request), patientName: "Far Ahead", patientEmail: "far@example.com", scheduledDate: "9999-12-31", scheduledTime: "09:00" },
  });
  expect(answer.status()).toBe(400);
  expect(await answer.text()).toContain("This date is too far ahead. Please choose an earlier date.");
});
