// Results delivered digitally (issue 28): the lab's staff mark a sample collected, upload a PDF with
// values from a FHIR file (a renamed executable, a 50 MB body and malformed FHIR refused) and
// release it; the customer gets the e-mail, opens the result, sees a High flag, downloads the PDF
// (the same bytes, never cached), sees a trend across results of two labs, shares a link, opens it
// signed out, revokes it (the link then answers 404) and reads the access log; then the same
// result in Arabic on a 360 px phone.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { csrfToken, DEMO_ADMIN, DEMO_CUSTOMER, DEMO_LAB_STAFF, expectToast, openDemoBookingsDay, signIn, waitForHydration } from "./helpers";
import { findMessage } from "./outbox";

const PHONE = { width: 360, height: 740 };

function reportPdf() {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    "latin1",
  );
}

const fhir = JSON.stringify({
  resourceType: "Bundle",
  type: "collection",
  entry: [
    { fullUrl: "urn:uuid:0b7c1d2e-0000-4000-8000-000000000001", resource: { resourceType: "Observation", status: "final", code: { coding: [{ system: "http://loinc.org", code: "4548-4" }], text: "HbA1c" }, valueQuantity: { value: 7.9, unit: "%" }, referenceRange: [{ low: { value: 4 }, high: { value: 5.6 } }] } },
    { resource: { resourceType: "DiagnosticReport", status: "final", code: { text: "HbA1c" }, result: [{ reference: "urn:uuid:0b7c1d2e-0000-4000-8000-000000000001" }] } },
  ],
});

async function newPage(browser: Browser, viewport?: { width: number; height: number }) {
  return (await browser.newContext(viewport ? { viewport } : {})).newPage();
}

async function upload(page: Page, report: { name: string; mimeType: string; buffer: Buffer }, values: string) {
  await page.locator('input[name="report"]').setInputFiles(report);
  await page.getByLabel(/FHIR R4 JSON file/).check();
  await page.locator('input[name="valuesFile"]').setInputFiles({ name: "values.json", mimeType: "application/json", buffer: Buffer.from(values) });
  await page.getByRole("button", { name: "Save as draft" }).click();
}

test("a lab releases results from a FHIR file; the patient reads, downloads, follows the trend, shares and revokes, in English and Arabic", async ({ browser }) => {
  test.slow();
  // The lab's staff: the first demo booking of the day at the first demo lab, sample collected.
  const staff = await newPage(browser);
  await signIn(staff, DEMO_LAB_STAFF);
  await staff.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await staff.goto("/partner");
  // A member of two labs chooses one: the first (by name) holds the demo customer's bookings.
  await staff.getByRole("main").getByRole("link").first().click();
  await staff.waitForURL(/\/partner\/[0-9a-f-]{36}$/);
  await openDemoBookingsDay(staff);
  await waitForHydration(staff);
  await staff.getByRole("button", { name: "Sample collected" }).first().click();
  await expectToast(staff, /collected/i);
  await staff.getByRole("link", { name: "Results", exact: true }).click();
  await staff.getByRole("link", { name: "Upload results" }).first().click();
  await staff.waitForURL(/\/results\/[0-9a-f-]{36}$/);
  await waitForHydration(staff);
  const resultUrl = staff.url();

  // Refused: a renamed executable, malformed FHIR, a 50 MB body.
  await upload(staff, { name: "report.pdf", mimeType: "application/pdf", buffer: Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(64)]) }, fhir);
  await expectToast(staff, "The report must be a PDF file (its content is not a PDF).");
  await upload(staff, { name: "report.pdf", mimeType: "application/pdf", buffer: reportPdf() }, '{"resourceType":"Bundle","entry":[{"resource":');
  await expectToast(staff, "The values could not be read");
  const csrf = await csrfToken(staff.request, new URL(resultUrl).pathname);
  const huge = await staff.request.post(`${new URL(resultUrl).pathname}.data`, {
    headers: { Origin: new URL(resultUrl).origin },
    multipart: { csrf, intent: "upload", valuesSource: "none", report: { name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(50 * 1024 * 1024) } },
  });
  expect(huge.status()).toBe(413);

  // Accepted and released.
  await upload(staff, { name: "report.pdf", mimeType: "application/pdf", buffer: reportPdf() }, fhir);
  await expectToast(staff, /saved as a draft/);
  await staff.getByRole("button", { name: "Release results" }).click();
  await expectToast(staff, /released/);

  // The e-mail: a link, no medical content.
  const admin = await newPage(browser);
  await signIn(admin, DEMO_ADMIN);
  await admin.waitForURL((url) => !url.pathname.startsWith("/auth"));
  const message = await findMessage(admin, { to: DEMO_CUSTOMER.email, kind: "results_ready" });
  expect(message.subject).toContain("Your results are ready");
  expect(message.html).toContain("/dashboard/results");
  expect(message.html).not.toContain("HbA1c");

  // The patient: newest result first, a High flag, the PDF as the same bytes, never cached.
  const customer = await newPage(browser);
  await signIn(customer, DEMO_CUSTOMER);
  await customer.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await customer.goto("/dashboard/results");
  await customer.getByRole("list", { name: "My Results" }).getByRole("link").first().click();
  await waitForHydration(customer);
  await expect(customer.locator('[data-flag="high"]').first()).toHaveText(/High/);
  const href = await customer.getByRole("link", { name: "Download the report (PDF)" }).first().getAttribute("href");
  const download = await customer.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()["cache-control"]).toBe("private, no-store");
  expect(download.headers()["content-disposition"]).toMatch(/^attachment/);
  expect(download.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Buffer.from(await download.body()).equals(reportPdf())).toBe(true);
  const resultPage = customer.url();

  // The trend across two labs: HbA1c three times (two demo results and this one), the latest High;
  // its own page charts it, with the table as its twin.
  await customer.goto("/dashboard/results/trends");
  const summary = customer.locator('[data-trend="HbA1c"]');
  await expect(summary).toContainText("Measurements: 3, labs: 2");
  await expect(summary.locator('[data-flag="high"]').first()).toHaveText(/High/);
  await summary.getByRole("link", { name: "See the trend: HbA1c" }).click();
  await expect(customer.getByRole("heading", { level: 1 })).toContainText("HbA1c");
  await expect(customer.locator("tbody tr")).toHaveCount(3);
  await expect(customer.locator(".recharts-wrapper")).toBeVisible();
  const trendPage = new URL(customer.url()).pathname;
  expect(trendPage).not.toMatch(/hba1c|4548/i);

  // Share, open signed out, revoke: the link then answers 404.
  await customer.goto(resultPage);
  await waitForHydration(customer);
  await customer.getByRole("button", { name: "Create link" }).click();
  const link = (await customer.getByTestId("share-link").textContent())!.trim();
  const doctor = await newPage(browser);
  const opened = await doctor.goto(link);
  expect(opened!.status()).toBe(200);
  expect(opened!.headers()["x-robots-tag"]).toContain("noindex");
  await expect(doctor.getByText("HbA1c").first()).toBeVisible();
  await customer.reload();
  await waitForHydration(customer);
  await customer.getByRole("button", { name: "Revoke" }).first().click();
  await expectToast(customer, "Share link revoked");
  expect((await doctor.goto(link))!.status()).toBe(404);

  // The access log: the link's opening among the newest entries on the result page; the download,
  // older, on the log's own page, which lists every entry (reading it is not a view).
  await customer.reload();
  const log = customer.getByRole("list", { name: "Who opened this result and when" });
  await expect(log).toContainText("Someone with your shared link: opened the shared link");
  await customer.goto(`${new URL(resultPage).pathname}/access-log`);
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Who opened this result and when");
  await expect(log).toContainText("You: downloaded the report");
  await expect(log).toContainText("Someone with your shared link: opened the shared link");

  // Arabic, on a phone: the same result, the flag in words, nothing sideways.
  const phone = await newPage(browser, PHONE);
  await signIn(phone, DEMO_CUSTOMER);
  await phone.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await phone.goto(new URL(resultPage).pathname.replace(/^\//, "/ar/"));
  await expect(phone.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(phone.locator('[data-flag="high"]').first()).toHaveText(/مرتفع/);
  await expect(phone.getByText("من فتح هذه النتيجة ومتى").first()).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await phone.goto("/ar/dashboard/results/trends");
  await expect(phone.locator('[data-trend="HbA1c"]')).toContainText("عدد القياسات: 3");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await phone.goto(`/ar${trendPage}`);
  await expect(phone.locator("tbody tr")).toHaveCount(3);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
