// The Arabic journey: sign up on /ar, a product in Arabic, the cart and a cash-on-delivery checkout,
// each page right to left and in Arabic, the dashboard reached in Arabic.
import { expect, test } from "@playwright/test";
import { dubaiDay, expectToast, uniqueEmail, waitForHydration } from "./helpers";

test("an Arabic visitor signs up, adds a test, pays cash on delivery and lands on the Arabic dashboard", async ({ page }) => {
  await page.goto("/ar/auth");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByLabel("البريد الإلكتروني").fill(uniqueEmail("arabic"));
  await page.getByLabel("كلمة المرور").fill("short");
  await page.getByRole("button", { name: "إنشاء الحساب" }).click();
  await expect(page.getByText("يجب ألا تقل كلمة المرور عن 10 أحرف")).toBeVisible();
  await page.getByLabel("كلمة المرور").fill("correct-horse-battery");
  await page.getByRole("button", { name: "إنشاء الحساب" }).click();
  await expect(page).toHaveURL(/\/ar\/dashboard$/);
  await expectToast(page, "تم إنشاء الحساب بنجاح");

  await page.goto("/ar/product/lipid-profile");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("فحص الدهون الشامل");
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
});
