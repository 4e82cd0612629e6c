// The customer's own pages in Arabic: the password pages, and the dashboard with an order placed in
// Arabic, its booking's Reschedule and Cancel pages, and Cancel Order, which stays on /ar.
import { expect, test } from "@playwright/test";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { dubaiDay, expectToast, uniqueEmail, waitForHydration } from "./helpers";

// Ferritin has an Arabic name and no other journey books it.
const product = { slug: slugify(seedTests[101].name), nameAr: seedTests[101].nameAr! };

test("the forgotten and new password pages are in Arabic and keep their links on /ar", async ({ page }) => {
  await page.goto("/ar/auth/forgot-password");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page).toHaveTitle(/إعادة تعيين كلمة المرور/);
  await expect(page.getByText("إعادة تعيين كلمة المرور", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "العودة إلى تسجيل الدخول" })).toHaveAttribute("href", "/ar/auth?mode=sign-in");
  await page.getByRole("button", { name: "إرسال رابط إعادة التعيين" }).click();
  await expect(page.getByText("البريد الإلكتروني مطلوب")).toBeVisible();
  await page.getByLabel("البريد الإلكتروني").fill(uniqueEmail("arabic-reset"));
  await page.getByRole("button", { name: "إرسال رابط إعادة التعيين" }).click();
  await expect(page.getByRole("status").filter({ hasText: "رابط إعادة التعيين في الطريق إليك" })).toBeVisible();

  await page.goto("/ar/auth/reset-password?error=INVALID_TOKEN");
  await expect(page).toHaveTitle(/اختر كلمة مرور جديدة/);
  await expect(page.getByRole("alert")).toContainText("رابط إعادة التعيين هذا غير صالح أو منتهي الصلاحية.");
  await expect(page.getByRole("link", { name: "اطلب رابطاً جديداً" })).toHaveAttribute("href", "/ar/auth/forgot-password");
});

test("an Arabic customer follows an order and its booking in Arabic and cancels the order without leaving /ar", async ({ page }) => {
  await page.goto("/ar/auth");
  await waitForHydration(page);
  await page.getByLabel("البريد الإلكتروني").fill(uniqueEmail("arabic-dashboard"));
  await page.getByLabel("كلمة المرور").fill("correct-horse-battery");
  await page.getByRole("button", { name: "إنشاء الحساب" }).click();
  await expect(page).toHaveURL(/\/ar\/dashboard$/);
  await expect(page).toHaveTitle(/لوحة التحكم/);
  await expect(page.getByText("لا توجد لديك طلبات بعد.")).toBeVisible();
  await expect(page.getByText("لا توجد لديك حجوزات بعد.")).toBeVisible();
  await expect(page.getByRole("link", { name: "تعديل الملف الشخصي" })).toHaveAttribute("href", "/ar/profile");

  // A cash-on-delivery order, eight days ahead.
  await page.goto(`/ar/product/${product.slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: /أضف إلى السلة/ }).first().click();
  await expectToast(page, "تمت الإضافة إلى السلة");
  await page.goto("/ar/checkout?step=details");
  await waitForHydration(page);
  await page.getByLabel("اسم المريض").fill("ليلى حداد");
  await page.getByLabel("التاريخ المفضل").click();
  const today = dubaiDay(0);
  const day = dubaiDay(8);
  const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
  if (day.getMonth() !== today.getMonth()) await page.getByRole("button", { name: "اذهب إلى الشهر التالي" }).click();
  await page.locator(`[data-day="${iso}"] button`).click();
  await page.getByRole("button", { name: "المتابعة إلى الدفع" }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\?step=payment$/);
  await page.getByLabel(/الدفع عند الاستلام/).check();
  await page.getByRole("button", { name: "تأكيد الطلب" }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\?step=confirmation/);

  await page.goto("/ar/dashboard");
  await waitForHydration(page);
  for (const header of ["الطلب", "التاريخ", "العناصر", "الإجمالي", "الدفع", "الحالة", "الإجراءات"]) {
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const order = page.getByTestId("order-row").first();
  await expect(order).toContainText(product.nameAr);
  await expect(order).toContainText("قيد الانتظار");
  await expect(order).toContainText("د.إ");
  await order.getByRole("button", { name: /عرض تفاصيل الطلب/ }).click();
  await expect(page.getByText(/^الدفع عند الاستلام/)).toBeVisible();

  const booking = page.getByTestId("booking-row").first();
  await expect(booking).toContainText("ليلى حداد");
  await expect(booking).toContainText(" الساعة ");
  await expect(booking.getByText("الإلغاء مجاني حتى", { exact: false })).toBeVisible();

  // Reschedule, in Arabic; leaving it keeps the booking and stays on /ar.
  await booking.getByRole("link", { name: `تغيير موعد ${product.nameAr}` }).click();
  await expect(page).toHaveURL(/\/ar\/dashboard\/bookings\/[^/]+\/reschedule/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("تغيير موعد الحجز");
  await expect(page.getByTestId("booking-summary")).toContainText("ليلى حداد");
  await expect(page.getByTestId("booking-summary")).toContainText(product.nameAr);
  await expect(page.getByText("اختر موعداً جديداً")).toBeVisible();
  await expect(page.getByLabel("المختبر")).toBeVisible();
  await page.getByRole("link", { name: "الإبقاء على حجزي" }).click();
  await expect(page).toHaveURL(/\/ar\/dashboard$/);

  // Cancel, in Arabic: nothing was charged.
  await page.getByTestId("booking-row").first().getByRole("link", { name: `إلغاء ${product.nameAr}` }).click();
  await expect(page).toHaveURL(/\/ar\/dashboard\/bookings\/[^/]+\/cancel/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("إلغاء الحجز");
  await expect(page.getByTestId("cancellation-terms")).toContainText("لم يُحصَّل أي مبلغ عن هذا الحجز، فلا يوجد ما يُسترد ولا رسوم.");
  await expect(page.getByRole("button", { name: "تأكيد الإلغاء" })).toBeVisible();
  await page.getByRole("link", { name: "الإبقاء على حجزي" }).click();
  await expect(page).toHaveURL(/\/ar\/dashboard$/);
  await waitForHydration(page);

  // Cancel Order returns to the Arabic dashboard with an Arabic toast.
  await page.getByTestId("order-row").first().getByRole("button", { name: "إلغاء الطلب" }).click();
  await expectToast(page, "تم إلغاء الطلب");
  await expect(page).toHaveURL(/\/ar\/dashboard$/);
  await expect(page.getByTestId("order-row").first()).toContainText("ملغى");
  await expect(page.getByTestId("order-row").first().getByRole("button", { name: "إلغاء الطلب" })).toHaveCount(0);
});
