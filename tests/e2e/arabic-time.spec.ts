// Issue 26 ("The time", in Arabic) on a 360 px phone: the time picked in a checkout line's grid is
// the one on the payment step, the confirmation, the dashboard, the Arabic e-mail and its calendar
// file, with no second "preferred time" to contradict it; booking again for that day lists the visit.
import { expect, test } from "@playwright/test";
import { format } from "date-fns";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { fetchIcs, findMessage, parseIcs } from "./outbox";
import { DEMO_ADMIN, dubaiDay, expectToast, signIn, uniqueEmail, waitForHydration } from "./helpers";

test.use({ viewport: { width: 360, height: 800 } });

// Vitamin B6: a test no other journey books.
const TEST = seedTests[77];

test("in Arabic, the time picked in the grid is the time on every step, the dashboard, the e-mail and the calendar file", async ({ page, browser }) => {
  const email = uniqueEmail("arabic-time");
  await page.goto("/ar/auth");
  await waitForHydration(page);
  await page.getByLabel("البريد الإلكتروني").fill(email);
  await page.getByLabel("كلمة المرور").fill("correct-horse-battery");
  await page.getByRole("button", { name: "إنشاء الحساب" }).click();
  await expect(page).toHaveURL(/\/ar\/dashboard$/);

  await page.goto(`/ar/product/${slugify(TEST.name)}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: /أضف إلى السلة/ }).first().click();
  await expectToast(page, "تمت الإضافة إلى السلة");
  await page.goto("/ar/checkout?step=details");
  await waitForHydration(page);
  await page.getByLabel("اسم المريض").fill("ليلى حداد");

  const day = dubaiDay(9);
  const iso = format(day, "yyyy-MM-dd");
  await page.getByLabel("التاريخ المفضل").click();
  if (day.getMonth() !== dubaiDay(0).getMonth()) await page.getByRole("button", { name: "اذهب إلى الشهر التالي" }).click();
  await page.locator(`[data-day="${iso}"] button`).click();
  const grid = page.getByTestId("checkout-line").first().getByTestId("slot-list");
  // 11:00 when it is free, as the walk; otherwise the first free time after the first.
  const eleven = grid.getByRole("button", { name: /^11:00، \d+ متاح$/ });
  const slot = (await eleven.count()) ? eleven : grid.getByRole("button", { name: /متاح$/ }).nth(1);
  const time = ((await slot.getAttribute("aria-label")) ?? "").slice(0, 5);
  expect(time).toMatch(/^\d\d:\d\d$/);
  await slot.click();
  await expect(slot).toHaveAttribute("aria-pressed", "true");
  // One time per line: no general "preferred time" beside the grid.
  await expect(page.getByLabel("الوقت المفضل")).toHaveCount(0);
  await page.getByRole("button", { name: "المتابعة إلى الدفع" }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\?step=payment$/);
  await expect(page.getByTestId("payment-appointment")).toContainText(time);

  await page.getByLabel(/الدفع عند الاستلام/).check();
  await page.getByRole("button", { name: "تأكيد الطلب" }).click();
  await expect(page.getByRole("heading", { name: "تم تقديم الطلب بنجاح!" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(time);

  await page.goto("/ar/dashboard");
  await waitForHydration(page);
  await expect(page.getByTestId("booking-row").first()).toContainText(time);
  await expect(page.getByTestId("order-row").first()).toContainText(time);

  // Booking again for that day, the form lists this visit beside the day's times (decision 0051).
  await page.goto(`/ar/product/${slugify(TEST.name)}`);
  const bookPath = new URL((await page.locator('a[href*="/book/"]').first().getAttribute("href"))!, page.url()).pathname;
  await page.goto(bookPath.startsWith("/ar/") ? bookPath : `/ar${bookPath}`);
  await waitForHydration(page);
  await page.getByLabel("التاريخ المفضل").click();
  if (day.getMonth() !== dubaiDay(0).getMonth()) await page.getByRole("button", { name: "اذهب إلى الشهر التالي" }).click();
  await page.locator(`[data-day="${iso}"] button`).click();
  const booked = page.getByTestId("day-bookings");
  await expect(booked).toContainText("حجوزاتك في");
  await expect(booked).toContainText(`${time} · ليلى حداد`);

  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signIn(admin, DEMO_ADMIN);
    await expect(admin).toHaveURL(/\/admin/);
    const confirmation = await findMessage(admin, { to: email, kind: "booking_confirmed" });
    expect(confirmation.html).toMatch(/dir="rtl"/);
    expect(confirmation.text).toContain(time);
    const ics = parseIcs(await fetchIcs(admin, confirmation.id));
    expect(ics.dtstart).toBe(`${iso.replaceAll("-", "")}T${time.replace(":", "")}00`);
  } finally {
    await context.close();
  }
});
