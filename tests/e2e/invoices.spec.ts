// Tax invoices (issue 29) as people meet them: the admin keeps the business settings (a TRN that is
// not 15 digits refused at the field), a customer pays by card through the demo provider and
// downloads the tax invoice from the dashboard (a private PDF whose text reads "Tax Invoice", the
// TRN, the 5% VAT and the total the order showed); another customer gets 404 for the same
// address, a visitor is sent to sign in, and the admin finds the invoice in the admin list. A
// cash-on-delivery order has no invoice until the admin records its cash (a wrong amount refused
// with the figure due); then its invoice is there. A booking cancelled in time gives a tax credit
// note for its refund; a test the admin zero-rates is invoiced at 0%.
import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { format } from "date-fns";
import { extractText } from "unpdf";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { csrfToken, DEMO_ADMIN, dubaiDay, expectToast, pickDay, signIn, signUp, uniqueEmail, waitForHydration } from "./helpers";
import { findMessage } from "./outbox";

/** The demo seller's TRN (app/seed/demo-data.server.ts), typed by the admin in groups as it is printed. */
const TRN = "100234567800003";

const demoTest = (index: number) => ({ name: seedTests[index].name, slug: slugify(seedTests[index].name) });

/** "AED 1,234.50" -> 123450 fils. */
const filsOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
const aed = (fils: number) => `AED ${(fils / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** The VAT in a VAT-inclusive amount at 5 %, rounded half up (decision 0065). */
const vatOf = (fils: number) => Math.floor((2 * fils * 500 + 10_500) / (2 * 10_500));

async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

async function signedInAdmin(browser: Browser) {
  const admin = await newPage(browser);
  await signIn(admin, DEMO_ADMIN);
  await admin.waitForURL((url) => !url.pathname.startsWith("/auth"));
  return admin;
}

async function newCustomer(browser: Browser) {
  const page = await newPage(browser);
  const email = uniqueEmail("invoice");
  await signUp(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { page, email };
}

/** Puts one test in the cart and fills the checkout's details for `patient` (a visit `daysAhead`); returns the total the checkout shows. */
async function checkoutOneTest(page: Page, index: number, patient: string, daysAhead = 1) {
  const { name, slug } = demoTest(index);
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: new RegExp(`^Add to Cart\\W*${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).click();
  await expectToast(page, "Added to cart");
  await page.goto("/checkout?step=details");
  await waitForHydration(page);
  await page.getByLabel("Patient Name").fill(patient);
  await pickDay(page, page.locator("main"), dubaiDay(daysAhead));
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/step=payment/);
  const total = (await page.getByTestId("checkout-total").textContent())!.trim();
  expect(total).toMatch(/^AED [\d,]+\.\d{2}$/);
  return total;
}

test("an admin keeps the business settings; a card order's tax invoice is the customer's alone and in the admin's list", async ({ browser, playwright, baseURL }) => {
  test.slow();
  // The admin: the demo data has the settings; a TRN that is not 15 digits is refused at its field.
  const admin = await signedInAdmin(browser);
  await admin.goto("/admin/business");
  await waitForHydration(admin);
  await expect(admin.getByLabel("Legal name", { exact: true })).toHaveValue(/\S/);
  const trn = admin.getByLabel("TRN (Tax Registration Number)");
  await trn.fill("1002345678");
  await admin.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(admin, "Settings not saved");
  await expect(trn).toHaveAccessibleDescription(/The TRN is 15 digits\./);
  // Typed in groups as printed: saved as its 15 digits.
  await trn.fill("100 2345 6780 0003");
  await admin.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(admin, "Business settings saved");
  await admin.reload();
  await expect(admin.getByLabel("TRN (Tax Registration Number)")).toHaveValue(TRN);

  // The customer pays by card through the demo provider: the invoice is issued with the payment.
  const { page, email } = await newCustomer(browser);
  const total = await checkoutOneTest(page, 8, "Mariam Invoice");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/demo-checkout\/demo_cs_/);
  await page.getByRole("button", { name: /^Pay AED/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  await page.goto("/dashboard");
  await waitForHydration(page);
  const row = page.getByTestId("order-row").first();
  await expect(row).toContainText(total);
  const link = row.getByTestId("invoice-link");
  await expect(link).toContainText("Download invoice");
  const number = /(INV-\d{4}-\d{6})/.exec((await link.textContent())!)![1];
  const href = (await link.getAttribute("href"))!;
  expect(href).toBe(`/dashboard/documents/${number}`);

  // What the customer downloads: a private PDF that reads as the order's tax invoice.
  const download = page.waitForEvent("download");
  await link.click();
  expect((await download).suggestedFilename()).toBe(`${number}.pdf`);
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["cache-control"]).toMatch(/private/);
  expect(response.headers()["cache-control"]).toMatch(/no-store/);
  const pdf = new Uint8Array(await response.body());
  const { text } = await extractText(pdf, { mergePages: true });
  // The file the browser saved is the same document.
  expect((await extractText(new Uint8Array(await readFile(await (await download).path())), { mergePages: true })).text).toBe(text);
  const totalFils = filsOf(total);
  for (const expected of ["Tax Invoice", TRN, number, "5%", aed(vatOf(totalFils)), aed(totalFils - vatOf(totalFils)), total, "Amount payable", "Mariam Invoice"]) {
    expect(text, `the invoice shows ${expected}`).toContain(expected);
  }

  // The Arabic dashboard offers the same document.
  await page.goto("/ar/dashboard");
  await expect(page.getByTestId("order-row").first().getByTestId("invoice-link")).toContainText(`تنزيل الفاتورة (${number})`);
  await expect(page.getByTestId("order-row").first().getByTestId("invoice-link")).toHaveAttribute("href", href);

  // Another customer: 404 for the same address. A visitor: sent to sign in.
  const other = await newCustomer(browser);
  expect((await other.page.request.get(href)).status()).toBe(404);
  const visitor = await playwright.request.newContext({ baseURL });
  const anonymous = await visitor.get(href, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe(`/auth?redirect=${encodeURIComponent(href)}`);
  await visitor.dispose();

  // The admin finds it in the list (by the customer's e-mail) and opens the same PDF.
  await admin.goto(`/admin/invoices?q=${encodeURIComponent(email)}`);
  const listed = admin.getByTestId("tax-document-row").filter({ hasText: number });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Tax invoice");
  await expect(listed).toContainText(email);
  await expect(listed).toContainText(total);
  await expect(listed).toContainText(aed(vatOf(totalFils)));
  // The period filter (Asia/Dubai issue dates): yesterday to today has it (whatever midnight passed meanwhile), from tomorrow on does not.
  const day = (days: number) => format(dubaiDay(days), "yyyy-MM-dd");
  await admin.goto(`/admin/invoices?q=${encodeURIComponent(email)}&from=${day(-1)}&to=${day(0)}`);
  await expect(admin.getByTestId("tax-document-row").filter({ hasText: number })).toHaveCount(1);
  await admin.goto(`/admin/invoices?q=${encodeURIComponent(email)}&from=${day(1)}`);
  await expect(admin.getByText("No invoices or credit notes match.")).toBeVisible();

  // The CSV export of the same search: the invoice and its figures.
  const csv = await admin.request.get(`/admin/invoices/export?q=${encodeURIComponent(email)}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const [head, ...rows] = (await csv.text()).trim().split(/\r?\n/);
  expect(head).toBe("type,number,invoice,issued_at,customer,email,reason,taxable_aed,vat_aed,total_aed");
  expect(rows).toHaveLength(1);
  const money = (fils: number) => (fils / 100).toFixed(2);
  expect(rows[0]).toMatch(new RegExp(`^Tax invoice,${number},${number},[^,]+,Mariam Invoice,${email.replace(/[.+]/g, "\\$&")},,${money(totalFils - vatOf(totalFils))},${money(vatOf(totalFils))},${money(totalFils)}$`));
  const adminPdf = await admin.request.get(`/admin/invoices/documents/${number}`);
  expect(adminPdf.status()).toBe(200);
  expect(adminPdf.headers()["content-type"]).toBe("application/pdf");
  // The customer's own document address is theirs: the admin reads it from the back office.
  expect((await other.page.request.get(`/admin/invoices/documents/${number}`, { maxRedirects: 0 })).status()).not.toBe(200);
});

test("a cash-on-delivery order has its tax invoice once the admin records the cash, once, and the e-mail carries it", async ({ browser }) => {
  test.slow();
  const { page, email } = await newCustomer(browser);
  const patient = `Cash Patient ${Date.now()}`;
  const total = await checkoutOneTest(page, 9, patient);
  await page.getByLabel(/Cash on Delivery/).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByTestId("order-row").first()).toContainText(total);
  // Not paid yet: no invoice.
  await expect(page.getByTestId("invoice-link")).toHaveCount(0);

  // The admin records the cash: a wrong amount is refused with the figure due, the right one issues the invoice.
  const admin = await signedInAdmin(browser);
  await admin.goto("/admin/invoices");
  await waitForHydration(admin);
  const amount = admin.getByLabel(`Cash collected (AED) from ${patient}, due ${total}`);
  const due = admin.getByTestId("uncollected-cash").locator("li").filter({ has: amount });
  const bookingId = (await due.locator('input[name="bookingId"]').getAttribute("value"))!;
  await amount.fill("1.00");
  await due.getByRole("button", { name: "Record cash" }).click();
  await expectToast(admin, `The amount due is ${total}. Record exactly that amount.`);
  await amount.fill(String(filsOf(total) / 100));
  await due.getByRole("button", { name: "Record cash" }).click();
  await expectToast(admin, "Cash collected");
  await expect(admin.getByLabel(`Cash collected (AED) from ${patient}, due ${total}`)).toHaveCount(0);
  // A second collection (a form left open elsewhere) is refused with what was recorded.
  const again = await admin.request.post("/admin/invoices", {
    headers: { Origin: new URL(admin.url()).origin },
    form: { csrf: await csrfToken(admin.request, "/admin/invoices"), intent: "collect-cash", bookingId, amount: String(filsOf(total) / 100) },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain(`The cash for this order was already recorded: ${total}`);

  await page.reload();
  const link = page.getByTestId("order-row").first().getByTestId("invoice-link");
  await expect(link).toContainText(/INV-\d{4}-\d{6}/);
  const response = await page.request.get((await link.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  const { text } = await extractText(new Uint8Array(await response.body()), { mergePages: true });
  for (const expected of ["Tax Invoice", TRN, "Cash on delivery", total, aed(vatOf(filsOf(total)))]) expect(text, `the invoice shows ${expected}`).toContain(expected);

  // The payment-received e-mail has the same invoice attached as a PDF.
  const number = /(INV-\d{4}-\d{6})/.exec((await link.textContent())!)![1];
  const message = await findMessage(admin, { to: email, kind: "payment_received" });
  const attachments = [];
  for (let index = 0; index < 5; index++) {
    const attachment = await admin.request.get(`/admin/outbox/${message.id}/attachments/${index}`);
    if (attachment.status() === 404) break;
    attachments.push(attachment);
  }
  const pdf = attachments.find((attachment) => attachment.headers()["content-type"] === "application/pdf");
  expect(pdf, "the e-mail has a PDF attached").toBeTruthy();
  const attached = await extractText(new Uint8Array(await pdf!.body()), { mergePages: true });
  expect(attached.text).toBe(text);
  expect(attached.text).toContain(number);
});

/** In the admin test form, sets the test's VAT ("As its category", "Standard (5%)", "Zero-rated (0%)"). */
async function setTestVat(admin: Page, name: string, choice: string) {
  await admin.goto(`/admin/tests?q=${encodeURIComponent(name)}`);
  await waitForHydration(admin);
  await admin.getByRole("row").filter({ hasText: name }).getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("VAT", { exact: true }).selectOption({ label: choice });
  await dialog.getByRole("button", { name: "Update Test" }).click();
  await expectToast(admin, "Test updated");
  await expect(dialog).toHaveCount(0);
}

test("an admin zero-rates a test in the test form: its tax invoice line is at 0% with no VAT", async ({ browser }) => {
  test.slow();
  const { name } = demoTest(10);
  const admin = await signedInAdmin(browser);
  await setTestVat(admin, name, "Zero-rated (0%)");
  // The form shows the test's own rate when opened again.
  await admin.reload();
  await waitForHydration(admin);
  await admin.getByRole("button", { name: `Edit ${name}` }).click();
  await expect(admin.getByRole("dialog").getByLabel("VAT", { exact: true })).toHaveValue("zero");

  let failed = false;
  try {
    const { page } = await newCustomer(browser);
    const total = await checkoutOneTest(page, 10, "Zero Rated");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/demo-checkout\/demo_cs_/);
    await page.getByRole("button", { name: /^Pay AED/ }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await page.goto("/dashboard");
    const link = page.getByTestId("order-row").first().getByTestId("invoice-link");
    const response = await page.request.get((await link.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    const { text } = await extractText(new Uint8Array(await response.body()), { mergePages: true });
    for (const expected of ["Tax Invoice", "0%", "AED 0.00", total]) expect(text, `the invoice shows ${expected}`).toContain(expected);
    expect(text).not.toContain("5%");
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // The demo test goes back to its category's rate; after a failure, without hiding it.
    await setTestVat(admin, name, "As its category").catch((error) => {
      if (!failed) throw error;
    });
  }
});

test("a card booking cancelled in time is refunded with a tax credit note that corrects its invoice", async ({ browser }) => {
  test.slow();
  const { name } = demoTest(11);
  const { page, email } = await newCustomer(browser);
  // More than 24 hours ahead: a full refund (the late fee's partial credit is vat.test.ts's property test).
  const total = await checkoutOneTest(page, 11, "Credit Patient", 3);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/demo-checkout\/demo_cs_/);
  await page.getByRole("button", { name: /^Pay AED/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await page.goto("/dashboard");
  await waitForHydration(page);
  const invoiceNumber = /(INV-\d{4}-\d{6})/.exec((await page.getByTestId("invoice-link").textContent())!)![1];
  await expect(page.getByTestId("credit-note-link")).toHaveCount(0);

  await page.getByTestId("booking-row").filter({ hasText: name }).getByRole("link", { name: `Cancel ${name}` }).click();
  await expect(page.getByTestId("cancellation-terms")).toContainText(`you get a full refund of ${total} to your card`);
  await page.getByRole("button", { name: "Confirm cancellation" }).click();
  await expectToast(page, "Booking cancelled");
  const note = page.getByTestId("order-row").first().getByTestId("credit-note-link");
  await expect(note).toContainText(/Credit note CN-\d{4}-\d{6}/);
  const noteNumber = /(CN-\d{4}-\d{6})/.exec((await note.textContent())!)![1];

  const response = await page.request.get((await note.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["cache-control"]).toMatch(/private, no-store/);
  const { text } = await extractText(new Uint8Array(await response.body()), { mergePages: true });
  for (const expected of ["Tax Credit Note", noteNumber, invoiceNumber, TRN, "Booking cancelled by the customer", "VAT reversed", aed(vatOf(filsOf(total))), "Total credited", total]) {
    expect(text, `the credit note shows ${expected}`).toContain(expected);
  }

  // The admin's list: the credit note beside the invoice it corrects, its amounts negative.
  const admin = await signedInAdmin(browser);
  await admin.goto(`/admin/invoices?q=${encodeURIComponent(email)}`);
  const listed = admin.getByTestId("tax-document-row").filter({ hasText: noteNumber });
  await expect(listed).toContainText(`Credit note for ${invoiceNumber}`);
  await expect(listed).toContainText(`-${total}`);
});
