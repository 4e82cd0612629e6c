// The Arabic journey: sign up on /ar, search in Arabic, a product and its lab comparison in Arabic,
// the cart and a cash-on-delivery checkout, each page right to left and in Arabic, the dashboard in
// Arabic, and the order's e-mail in Arabic (the language chosen at sign-up).
import { expect, test } from "@playwright/test";
import { findMessage } from "./outbox";
import { DEMO_ADMIN, dubaiDay, expectToast, signIn, uniqueEmail, waitForHydration } from "./helpers";

test("an Arabic visitor signs up, searches and compares in Arabic, pays cash on delivery and follows the order in Arabic", async ({ page, browser }) => {
  const email = uniqueEmail("arabic");
  await page.goto("/ar/auth");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByLabel("البريد الإلكتروني").fill(email);
  await page.getByLabel("كلمة المرور").fill("short");
  await page.getByRole("button", { name: "إنشاء الحساب" }).click();
  await expect(page.getByText("يجب ألا تقل كلمة المرور عن 10 أحرف")).toBeVisible();
  await page.getByLabel("كلمة المرور").fill("correct-horse-battery");
  await page.getByRole("button", { name: "إنشاء الحساب" }).click();
  await expect(page).toHaveURL(/\/ar\/dashboard$/);
  await expectToast(page, "تم إنشاء الحساب بنجاح");

  // Search in Arabic as people type it (here with a diacritic), then with a typo.
  await page.goto(`/ar/search?q=${encodeURIComponent("الدُّهون الشامل")}`);
  await expect(page.getByRole("link", { name: "فحص الدهون الشامل" }).first()).toBeVisible();
  await page.goto(`/ar/search?q=${encodeURIComponent("الكولسترول الكلي")}`);
  await expect(page.getByText(/الكوليسترول الكلي/).first()).toBeVisible();

  await page.goto("/ar/product/lipid-profile");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("فحص الدهون الشامل");
  // The labs compared side by side, in Arabic.
  await expect(page.getByRole("heading", { name: /^قارن بين/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "المختبرات التي تقدم فحص الدهون الشامل" })).toBeVisible();
  await expect(page.getByText("ترتيب حسب:")).toBeVisible();
  await expect(page.getByRole("heading", { name: "تعليمات التحضير" })).toBeVisible();
  await page.getByRole("button", { name: /أضف إلى السلة/ }).first().click();
  await expectToast(page, "تمت الإضافة إلى السلة");
  await expect(page.getByRole("link", { name: "السلة، عنصر واحد" })).toBeVisible();

  await page.getByRole("link", { name: "السلة، عنصر واحد" }).click();
  await expect(page).toHaveURL(/\/ar\/cart$/);
  await expect(page.getByRole("heading", { name: "سلة التسوق" })).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText(/د\.إ/);
  await page.getByRole("link", { name: "المتابعة إلى الدفع" }).click();
  await waitForHydration(page);
  await page.getByRole("link", { name: "المتابعة إلى البيانات" }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\?step=details$/);
  await waitForHydration(page);

  await page.getByLabel("اسم المريض").fill("");
  await page.getByRole("button", { name: "المتابعة إلى الدفع" }).click();
  await expect(page.getByText("اسم المريض مطلوب")).toBeVisible();
  await page.getByLabel("اسم المريض").fill("ليلى حداد");
  await page.getByLabel("التاريخ المفضل").click();
  const calendar = page.locator(".rdp-root");
  await expect(calendar).toHaveAttribute("dir", "rtl");
  // Six days ahead: the English journeys book the same test's slots tomorrow, and a slot holds few.
  const today = dubaiDay(0);
  const day = dubaiDay(6);
  const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
  if (day.getMonth() !== today.getMonth()) await page.getByRole("button", { name: "اذهب إلى الشهر التالي" }).click();
  await page.locator(`[data-day="${iso}"] button`).click();
  await expect(page.getByLabel("التاريخ المفضل")).not.toHaveText("اختر تاريخًا");
  await page.getByRole("button", { name: "المتابعة إلى الدفع" }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\?step=payment$/);

  await expect(page.getByRole("heading", { name: "ملخص الطلب" })).toBeVisible();
  await page.getByLabel(/الدفع عند الاستلام/).check();
  await page.getByRole("button", { name: "تأكيد الطلب" }).click();
  await expect(page.getByRole("heading", { name: "تم تقديم الطلب بنجاح!" })).toBeVisible();
  await expect(page).toHaveURL(/\/ar\/checkout\?step=confirmation/);

  await page.getByRole("link", { name: "عرض طلباتي" }).click();
  await expect(page).toHaveURL(/\/ar\/dashboard$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { name: "لوحة التحكم" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "سجل الطلبات" })).toBeVisible();
  const order = page.getByTestId("order-row").first();
  await expect(order).toContainText("فحص الدهون الشامل");
  await expect(order).toContainText("قيد الانتظار");
  await expect(order).toContainText("د.إ");
  const booking = page.getByTestId("booking-row").first();
  await expect(booking).toContainText("ليلى حداد");
  await expect(booking.getByRole("link", { name: "تغيير موعد فحص الدهون الشامل" })).toBeVisible();

  // The e-mails go out in the language chosen at sign-up, right to left.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, DEMO_ADMIN);
  await expect(admin).toHaveURL(/\/admin/);
  const received = await findMessage(admin, { to: email, kind: "order_received" });
  expect(received.subject).toMatch(/^تم استلام الطلب: .*د\.إ/);
  expect(received.html).toMatch(/dir="rtl"/);
  await context.close();
});
