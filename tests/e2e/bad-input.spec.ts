// The bad-input sweep: malformed bodies, NUL bytes, oversized fields, odd encodings and odd redirect
// targets sent to every action and to every loader that reads parameters. None may answer 5xx.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { csrfToken, DEMO_ADMIN, DEMO_CUSTOMER, DEMO_LAB_MANAGER, uniqueEmail } from "./helpers";

const NUL = "\u0000";
const ONE_MEGABYTE = "x".repeat(1024 * 1024);
const ODD_REDIRECTS = ["\u3000", "/\u3000", "/dash\u007fboard", "//evil.com", "/\\evil.com", "javascript:alert(1)", "/\r\nSet-Cookie: x=1"];
const MISSING = randomUUID();
/** Shaped like a uuid (36 characters of hex digits and dashes) without being one. */
const NOT_A_UUID = "-".repeat(36);

type Fields = Record<string, string>;
type Action = {
  path: string;
  fields: Fields;
  json?: boolean;
  /** Answers 503 Service Unavailable whatever it is sent, as long as it is not configured. */
  unconfigured?: boolean;
  /** Refused with a 4xx whatever variant it is sent: nothing of it may be applied (results and invoices, issues 28 and 29). */
  refused?: boolean;
};
type Loader = { path: string; params: Fields };

const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const patient = {
  patientName: "Bad Input Sweep",
  patientEmail: "sweep@example.com",
  patientPhone: "+971 50 123 4567",
  notes: "Morning please",
  scheduledDate: tomorrow,
  scheduledTime: "10:00",
};

/** Raw bodies that no browser form sends. */
const malformedBodies: { label: string; contentType: string; body: Buffer | string }[] = [
  { label: "malformed JSON", contentType: "application/json", body: '{"intent": "add", ' },
  { label: "JSON with a NUL", contentType: "application/json", body: '{"intent":"add\\u0000","email":"a\\u0000@b.c"}' },
  { label: "broken multipart boundary", contentType: "multipart/form-data; boundary=expected", body: '--other\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx' },
  { label: "multipart without a boundary", contentType: "multipart/form-data", body: "intent=x" },
  { label: "invalid percent-encoding", contentType: "application/x-www-form-urlencoded", body: "intent=%E0%A4%A&name=%E0%A4%A&email=%" },
  { label: "invalid UTF-8", contentType: "application/x-www-form-urlencoded", body: Buffer.from([0x69, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x3d, 0xff, 0xfe, 0xc3, 0x28]) },
  { label: "no content type", contentType: "", body: "intent=pay" },
  { label: "text body", contentType: "text/plain", body: `intent=pay${NUL}` },
];

test("malformed requests never get a server error", async ({ playwright, baseURL }) => {
  test.setTimeout(180_000);
  // Separate cookie jars. The server ignores X-Forwarded-For (no TRUST_PROXY), so the sweep's few
  // failed sign-ins count against 127.0.0.1 like every other test's: it sends malformed
  // credentials, not guesses, so it stays far below the per-client limit.
  const client = () => playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const visitor = await client();
  const customer = await client();
  const admin = await client();
  const labManager = await client();

  const customerAccount = { email: uniqueEmail("sweep"), password: "correct-horse-battery" };
  expect((await customer.post("/auth", { form: { intent: "sign-up", ...customerAccount }, maxRedirects: 0 })).status()).toBe(302);
  expect((await admin.post("/auth", { form: { intent: "sign-in", ...DEMO_ADMIN }, maxRedirects: 0 })).status()).toBe(302);
  expect((await labManager.post("/auth", { form: { intent: "sign-in", ...DEMO_LAB_MANAGER }, maxRedirects: 0 })).status()).toBe(302);
  // The demo customer has released results (app/seed/demo-results.server.ts): their own result's forms.
  const resultOwner = await client();
  expect((await resultOwner.post("/auth", { form: { intent: "sign-in", ...DEMO_CUSTOMER }, maxRedirects: 0 })).status()).toBe(302);
  const resultId = /\/dashboard\/results\/([0-9a-f-]{36})/.exec(await (await resultOwner.get("/dashboard/results")).text())![1];
  // The demo lab manager works for two labs: the portal's home lists them.
  const labId = /\/partner\/([0-9a-f-]{36})/.exec(await (await labManager.get("/partner")).text())![1];

  const slugs = await visitor.get("/sitemap.xml").then((response) => response.text());
  const productSlug = slugs.match(/\/product\/([^<]+)</)![1];
  const blogSlug = slugs.match(/\/blog\/([^<]+)</)![1];
  const productData = await visitor.get(`/product/${productSlug}.data`).then((response) => response.text());
  const testId = productData.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)![0];

  let sent = 0;
  const failures: string[] = [];
  let closed = 0;
  const record = async (label: string, send: () => Promise<APIResponse>, unconfigured = false, refused = false) => {
    sent++;
    // A server may close the connection on a body it did not read; a request caught on that
    // connection fails before it is answered, so it is sent again.
    const response = await send().catch(send).catch(send).catch((error: Error) => error);
    if (response instanceof Error) {
      // Answering before reading a huge body (e.g. a redirect to sign in) closes the connection.
      if (label.includes("1 MB") && /ECONNRESET|EPIPE/.test(response.message)) closed++;
      else failures.push(`no answer (${response.message.split("\n")[0]}) ${label}`);
      return;
    }
    const status = response.status();
    if (status >= 500 && !(unconfigured && status === 503)) failures.push(`${status} ${label}`);
    else if (refused && (status < 400 || status >= 500)) failures.push(`${status} (not refused) ${label}`);
  };

  // Odd redirect targets: after sign-in (action), when already signed in (loader), and on sign-out.
  for (const target of ODD_REDIRECTS) {
    const label = JSON.stringify(target);
    // Signed in already, so with the session's anti-CSRF token (each sign-in starts a new session).
    const csrf = await csrfToken(customer);
    await record(`sign in, redirect ${label}`, () => customer.post("/auth", { form: { intent: "sign-in", ...customerAccount, redirect: target, csrf }, maxRedirects: 0 }));
    await record(`GET /auth signed in, redirect ${label}`, () => customer.get(`/auth?redirect=${encodeURIComponent(target)}`, { maxRedirects: 0 }));
    await record(`GET /auth, redirect ${label}`, () => visitor.get(`/auth?redirect=${encodeURIComponent(target)}`, { maxRedirects: 0 }));
    await record(`sign out, to ${label}`, () => visitor.post(`/auth/sign-out?to=${encodeURIComponent(target)}`, { form: {}, maxRedirects: 0 }));
  }

  // The signed-in forms carry their session's token, so the sweep reaches the actions behind the check.
  const tokens = new Map([
    [customer, await csrfToken(customer)],
    [admin, await csrfToken(admin, "/admin/categories")],
    [labManager, await csrfToken(labManager, `/partner/${labId}`)],
    [resultOwner, await csrfToken(resultOwner)],
  ]);
  const actions: [APIRequestContext, Action][] = [
    [visitor, { path: "/auth", fields: { intent: "sign-in", email: "sweep-nobody@example.com", password: "not-the-password", redirect: "/dashboard" } }],
    [visitor, { path: "/auth/forgot-password", fields: { email: "sweep-nobody@example.com" } }],
    [visitor, { path: "/auth/reset-password", fields: { token: "not-a-token", password: "a-new-password" } }],
    [visitor, { path: "/auth/sign-out", fields: {} }],
    [visitor, { path: "/api/auth/sign-in/email", fields: { email: "sweep-nobody@example.com", password: "not-the-password" }, json: true }],
    [visitor, { path: "/api/auth/sign-up/email", fields: { email: uniqueEmail("sweep-api"), password: "correct-horse-battery", name: "Sweep" }, json: true }],
    [visitor, { path: "/api/auth/request-password-reset", fields: { email: "sweep-nobody@example.com", redirectTo: "/auth/reset-password" }, json: true }],
    [visitor, { path: "/api/stripe/webhook", fields: { id: "evt_1", type: "checkout.session.completed" }, json: true, unconfigured: true }],
    [visitor, { path: "/no-such-page", fields: { intent: "x" } }],
    [visitor, { path: "/demo-checkout/demo_cs_missing", fields: { intent: "pay" } }],
    [customer, { path: "/profile", fields: { firstName: "Sweep", lastName: "Customer", phone: "+971 50 123 4567" } }],
    [customer, { path: `/book/${testId}`, fields: patient }],
    [customer, { path: "/checkout", fields: { intent: "details", ...patient } }],
    [customer, { path: "/checkout", fields: { paymentMethod: "cash_on_delivery" } }],
    [customer, { path: "/dashboard", fields: { intent: "cancel", orderId: MISSING } }],
    [customer, { path: `/dashboard/bookings/${MISSING}/reschedule`, fields: { labId: MISSING, date: tomorrow, time: "10:00", expectedSequence: "0" } }],
    [customer, { path: `/dashboard/bookings/${MISSING}/cancel`, fields: { expectedFeeFils: "0" } }],
    [customer, { path: "/api/cart", fields: { intent: "add", testId, quantity: "1" }, json: true }],
    [customer, { path: "/demo-checkout/demo_cs_missing", fields: { intent: "pay" } }],
    [admin, { path: "/admin/tests", fields: { intent: "update", id: MISSING, name: "Sweep test", price: "100", categoryId: "", description: "<p>About</p>", preparationInstructions: "Fast", whyYouNeedThisTest: "Why", resultTime: "24 hours", featuredImage: "https://example.com/a.png", cptCode: "80000", transportTemperature: "Room", specimen: "Blood" } }],
    [admin, { path: "/admin/labs", fields: { intent: "update", id: MISSING, name: "Sweep lab", description: "Lab", address: "Abu Dhabi", contactPhone: "+971 2 000 0000", contactEmail: "lab@example.com", isActive: "false", logoUrl: "https://example.com/l.png", bannerUrl: "https://example.com/b.png" } }],
    [admin, { path: "/admin/categories", fields: { intent: "update", id: MISSING, name: "Sweep category", description: "Category", icon: "none" } }],
    [admin, { path: "/admin/users", fields: { intent: "grant", userId: MISSING } }],
    [admin, { path: "/admin/bookings", fields: { id: MISSING, status: "confirmed" } }],
    [admin, { path: `/admin/bookings/${MISSING}`, fields: { intent: "status", status: "confirmed" } }],
    [admin, { path: `/admin/bookings/${MISSING}`, fields: { intent: "resend", messageId: MISSING, token: MISSING } }],
    [admin, { path: `/admin/bookings/${MISSING}`, fields: { intent: "redeliver", logId: MISSING, token: MISSING } }],
    [admin, { path: "/admin/seo", fields: { intent: "add-page-seo", pagePath: "/bad-input-sweep", title: "Sweep", description: "Sweep page", keywords: "sweep", ogImage: "https://example.com/o.png", canonicalUrl: "https://example.com/c" } }],
    [admin, { path: "/admin/seo", fields: { intent: "optimize", path: "/bad-input-sweep-missing" } }],
    [admin, { path: "/admin/webhooks", fields: { intent: "update", id: MISSING, name: "Sweep hook", url: "https://example.com/hook", enabled: "false", events: "booking_created", headers: '{"X-Sweep":"yes"}', secretKey: "secret" } }],
    [admin, { path: "/admin/webhooks", fields: { intent: "test", id: MISSING } }],
    [admin, { path: "/admin/blog-posts", fields: { intent: "publish", id: MISSING, isPublished: "true" } }],
    [admin, { path: `/admin/blog-posts/edit/${MISSING}`, fields: { title: "Sweep", excerpt: "Sweep", content: "<p>Sweep</p>", author: "Sweep", category: "Health", imageUrl: "https://example.com/i.png", isPublished: "false" } }],
    [admin, { path: "/admin/blog-posts/new", fields: { title: "", excerpt: "Sweep", content: "<p>Sweep</p>", author: "Sweep", category: "Health" } }],
    [admin, { path: "/admin/tests/import", fields: { file: "name,price\nSweep,abc" } }],
    [admin, { path: `/admin/labs/${labId}/offers`, fields: { intent: "create", labId: "abc", testId: "abc", price: "100", walkIn: "on" } }],
    [admin, { path: `/admin/labs/${labId}/offers`, fields: { intent: "create", labId: NOT_A_UUID, testId: NOT_A_UUID, price: "100", walkIn: "on" } }],
    [admin, { path: `/admin/labs/${labId}/offers`, fields: { intent: "update", id: NOT_A_UUID, labId, testId, price: "100", walkIn: "on" } }],
    [admin, { path: `/admin/labs/${NOT_A_UUID}/offers`, fields: { intent: "create", labId, testId: "abc", price: "100", walkIn: "on" } }],
    [admin, { path: "/admin/offers/import", fields: { file: "lab_id,test_id,price\nabc,abc,100" } }],
    [admin, { path: `/admin/labs/${MISSING}/managers`, fields: { intent: "add", email: "sweep-nobody@example.com" } }],
    [admin, { path: `/admin/labs/${MISSING}/managers`, fields: { intent: "remove", memberId: MISSING } }],
    [labManager, { path: `/partner/${labId}?index`, fields: { intent: "cancel", bookingId: MISSING, reason: "lab_unavailable" } }],
    [labManager, { path: `/partner/${labId}?index`, fields: { intent: "collected", bookingId: MISSING } }],
    [labManager, { path: `/partner/${labId}/offers`, fields: { intent: "update", id: MISSING, labId: MISSING, testId: MISSING, price: "10", resultHours: "24", walkIn: "true", homeCollection: "false", isActive: "true" } }],
    [labManager, { path: `/partner/${labId}/offers`, fields: { intent: "delete", id: MISSING } }],
    [labManager, { path: `/partner/${labId}/offers/import`, fields: { file: "lab_slug,test_slug,price\nsweep,sweep,abc" } }],
    // A capacity out of range: every variant is refused, so the sweep never changes the demo lab's hours.
    [labManager, { path: `/partner/${labId}/profile`, fields: { description: "Sweep", contactPhone: "+971 2 000 0000", contactEmail: "lab@example.com", monOpen: "08:00", monClose: "18:00", closedDates: `${tomorrow}`, walkInSlotMinutes: "30", walkInCapacity: "501", homeCollectionFee: "", homeCollectionAreas: "" } }],
    [labManager, { path: `/partner/${labId}/members`, fields: { intent: "add", email: "sweep-nobody@example.com" } }],
    [labManager, { path: `/partner/${labId}/members`, fields: { intent: "remove", memberId: MISSING } }],
    [admin, { path: "/admin/search", fields: { intent: "update", id: MISSING, term: "sweep", language: "en", tests: "No Such Test", words: "sweep" } }],
    [admin, { path: "/admin/jobs", fields: { intent: "retry", jobId: "999999999" } }],
    [admin, { path: "/admin/jobs", fields: { intent: "discard", jobId: "999999999" } }],
    [admin, { path: "/admin/search/import", fields: { file: "term,language,tests\nsweep,xx,No Such Test" } }],
    [visitor, { path: "/api/search-click", fields: { q: "sweep" } }],
    [visitor, { path: "/api/funnel", fields: { step: "product_view" } }],
    // Results (issue 28): a lab member's upload and release of a booking that is not there (or not an id), the
    // patient's share (days out of range) and revoke (a link that is not there), another customer's
    // share, and an admin's break-glass with a reason too short to open it. None changes anything.
    [labManager, { path: `/partner/${labId}/results/${MISSING}`, fields: { intent: "release" }, refused: true }],
    [labManager, { path: `/partner/${labId}/results/${MISSING}`, fields: { intent: "upload", valuesSource: "csv", valuesFile: "analyte,value\nHbA1c,5" }, refused: true }],
    [labManager, { path: `/partner/${labId}/results/${NOT_A_UUID}`, fields: { intent: "release" }, refused: true }],
    [resultOwner, { path: `/dashboard/results/${resultId}`, fields: { intent: "share", days: "31" }, refused: true }],
    [resultOwner, { path: `/dashboard/results/${resultId}`, fields: { intent: "revoke", shareId: MISSING }, refused: true }],
    [customer, { path: `/dashboard/results/${resultId}`, fields: { intent: "share", days: "7" }, refused: true }],
    [admin, { path: `/admin/results/${resultId}`, fields: { reason: "Sweep" }, refused: true }],
    [admin, { path: `/admin/results/${MISSING}`, fields: { reason: "A reason long enough to open it" }, refused: true }],
    // Invoices (issue 29): business settings with a TRN that is not 15 digits, cash recorded for a
    // booking that is not there (admin and portal).
    [admin, { path: "/admin/business", fields: { intent: "save-business-settings", legalName: "Sweep L.L.C.", legalNameAr: "سويب", address: "Abu Dhabi, UAE", trn: "12345", invoicePrefix: "INV", creditNotePrefix: "CN" }, refused: true }],
    [admin, { path: "/admin/invoices", fields: { intent: "collect-cash", bookingId: MISSING, amount: "100.00" }, refused: true }],
    [admin, { path: "/admin/invoices", fields: { intent: "collect-cash", bookingId: NOT_A_UUID, amount: "-1" }, refused: true }],
    [labManager, { path: `/partner/${labId}?index`, fields: { intent: "collect-cash", bookingId: MISSING, amount: "100.00" }, refused: true }],
    // The customer's invoice details on the profile: a TRN that is not 15 digits.
    [customer, { path: "/profile", fields: { intent: "billing-details", billingName: "Sweep L.L.C.", billingAddress: "Abu Dhabi, UAE", billingTrn: "12345" } }],
  ];

  const variants = (fields: Fields): [string, Fields][] => {
    const keys = Object.keys(fields);
    return [
      ...keys.map((key): [string, Fields] => [`NUL in ${key}`, { ...fields, [key]: `${fields[key]}${NUL}x` }]),
      ["NUL in every field", Object.fromEntries(keys.map((key) => [key, `${NUL}${fields[key]}`]))],
      ["a 1 MB field", { ...fields, [keys[0] ?? "field"]: ONE_MEGABYTE }],
      ["an empty intent", { ...fields, intent: "" }],
      ["an unknown intent", { ...fields, intent: "sweep" }],
    ];
  };

  // What the refused rows must leave as it was: the business settings, the break-glass still closed.
  const businessSettings = async () =>
    [...(await (await admin.get("/admin/business")).text()).matchAll(/<(?:input|textarea)[^>]*name="(\w+)"[^>]*>([^<]*)/g)]
      .filter(([, name]) => name !== "csrf")
      .map(([tag, name, inner]) => `${name}=${/value="([^"]*)"/.exec(tag)?.[1] ?? inner}`);
  const settingsBefore = await businessSettings();
  expect(settingsBefore.join("\n")).toContain("trn=");

  const requests: (() => Promise<void>)[] = [];
  for (const [context, action] of actions) {
    const token = tokens.get(context);
    const csrf: Fields = token ? { csrf: token } : {};
    const post = (label: string, options: Parameters<APIRequestContext["post"]>[1]) =>
      requests.push(() => record(`POST ${action.path} ${label}`, () => context.post(action.path, { ...options, maxRedirects: 0 }), action.unconfigured, action.refused));
    for (const [label, fields] of variants(action.fields)) {
      if (action.json) post(label, { data: fields });
      else if (action.path.endsWith("/import")) {
        post(label, { multipart: { ...csrf, file: { name: "tests.csv", mimeType: "text/csv", buffer: Buffer.from(Object.values(fields).join("")) } } });
        post(`${label} (JSON file)`, { multipart: { ...csrf, file: { name: "tests.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify([fields])) } } });
        post(label, { multipart: { ...csrf, file: { name: "sweep.csv", mimeType: "text/csv", buffer: Buffer.from(Object.values(fields).join("")) } } });
        post(`${label} (JSON file)`, { multipart: { ...csrf, file: { name: "sweep.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify([fields])) } } });
      } else {
        post(label, { form: { ...fields, ...csrf } });
        if (label === "NUL in every field") post(`${label} (multipart)`, { multipart: { ...fields, ...csrf } });
      }
    }
    for (const { label, contentType, body } of malformedBodies) {
      post(label, { data: body, headers: contentType ? { "Content-Type": contentType } : {} });
    }
  }

  const loaders: [APIRequestContext, Loader][] = [
    [admin, { path: "/admin/dashboard", params: { period: "custom", from: "2026-02-30", to: "1999-01-01" } }],
    [visitor, { path: "/search", params: { q: "vitamin", category: MISSING, sort: "price-asc", page: "2" } }],
    [visitor, { path: `/product/${productSlug}`, params: {} }],
    [visitor, { path: "/category/" + MISSING, params: { page: "2" } }],
    [visitor, { path: `/blog/${blogSlug}`, params: {} }],
    [visitor, { path: "/resources", params: { tab: "resources" } }],
    [visitor, { path: "/sitemap.xml", params: { part: "1" } }],
    [visitor, { path: "/auth", params: { mode: "sign-in", email: "a@b.c", redirect: "/dashboard" } }],
    [visitor, { path: "/auth/reset-password", params: { token: "abc", error: "INVALID_TOKEN" } }],
    [visitor, { path: "/api/cart", params: { ids: testId } }],
    [visitor, { path: "/api/suggest", params: { q: "vitamin", lang: "ar" } }],
    [customer, { path: "/api/suggest", params: { q: "فحص", lang: "en" } }],
    [visitor, { path: "/payment-success", params: { success: "true", session_id: "demo_cs_missing", canceled: "false" } }],
    [visitor, { path: "/demo-checkout/demo_cs_missing", params: {} }],
    [visitor, { path: "/api/auth/reset-password/abc", params: { callbackURL: "/auth/reset-password" } }],
    [visitor, { path: "/api/auth/verify-email", params: { token: "abc", callbackURL: "/dashboard" } }],
    [customer, { path: "/checkout", params: { step: "confirmation", order: MISSING } }],
    [customer, { path: `/book/${testId}`, params: {} }],
    [customer, { path: "/payment-success", params: { success: "true", session_id: "demo_cs_missing" } }],
    [admin, { path: "/admin/tests", params: { q: "vitamin", sort: "price", dir: "desc", page: "2" } }],
    [admin, { path: "/admin/labs", params: { q: "lab" } }],
    [admin, { path: "/admin/categories", params: { q: "blood" } }],
    [admin, { path: "/admin/users", params: { q: "customer", page: "2" } }],
    [admin, { path: "/admin/bookings", params: { page: "2", overdue: "1" } }],
    [admin, { path: `/admin/bookings/${MISSING}`, params: {} }],
    [admin, { path: "/admin/outbox", params: { to: "customer@labtesthub.ae", page: "2" } }],
    [admin, { path: `/admin/outbox/${MISSING}`, params: {} }],
    [admin, { path: `/admin/outbox/${MISSING}/attachments/0`, params: {} }],
    [customer, { path: `/dashboard/bookings/${MISSING}/reschedule`, params: { lab: MISSING, date: tomorrow, step: "review", time: "10:00" } }],
    [customer, { path: `/dashboard/bookings/${MISSING}/cancel`, params: {} }],
    [admin, { path: "/admin/seo", params: { tab: "pages", filter: "missing", page: "2" } }],
    [admin, { path: "/admin/tests/export", params: { format: "json" } }],
    [admin, { path: "/admin/search", params: { q: "sugar", language: "ar", page: "2" } }],
    [admin, { path: "/admin/search/export", params: { format: "json" } }],
    [admin, { path: `/admin/blog-posts/edit/${MISSING}`, params: {} }],
    // The Terms and the FAQ load the change policy's numbers; they read no parameter.
    [visitor, { path: "/terms", params: { section: "6" } }],
    [visitor, { path: "/ar/faqs", params: { q: "refund" } }],
    [admin, { path: "/admin/offers/export", params: { format: "csv", lab: "sweep-lab" } }],
    [admin, { path: "/admin/offers/export", params: { lab: "" } }],
    [admin, { path: `/admin/labs/${labId}/offers`, params: { q: "vitamin", page: "2" } }],
    [admin, { path: `/admin/labs/${labId}/offers/test-options`, params: { q: "vitamin" } }],
    [admin, { path: `/admin/labs/${labId}/day`, params: { date: tomorrow, type: "home" } }],
    [admin, { path: `/admin/labs/${NOT_A_UUID}/offers`, params: { q: "vitamin" } }],
    [admin, { path: `/admin/labs/${NOT_A_UUID}/offers/test-options`, params: { q: "vitamin" } }],
    [admin, { path: `/admin/labs/${NOT_A_UUID}/day`, params: { date: tomorrow } }],
    [admin, { path: `/admin/labs/${MISSING}/day`, params: { date: tomorrow } }],
    [admin, { path: `/admin/labs/${MISSING}/price-history`, params: { page: "2" } }],
    [customer, { path: "/partner", params: {} }],
    [labManager, { path: `/partner/${labId}`, params: { date: tomorrow } }],
    [labManager, { path: `/partner/${labId}/print`, params: { date: tomorrow } }],
    [labManager, { path: `/partner/${labId}/offers`, params: { q: "vitamin", page: "2" } }],
    [labManager, { path: `/partner/${labId}/offers/test-options`, params: { q: "vit" } }],
    [labManager, { path: `/partner/${labId}/offers/export`, params: { format: "json" } }],
    [labManager, { path: `/partner/${labId}/price-history`, params: { page: "2" } }],
    [labManager, { path: `/partner/${labId}/profile`, params: {} }],
    [labManager, { path: `/partner/${labId}/members`, params: {} }],
    // Results (issue 28): downloads and pages of results that are not there, or not the reader's.
    [customer, { path: `/results/${resultId}/report`, params: { v: "1" } }],
    [customer, { path: "/results/export", params: { resultId: MISSING } }],
    [visitor, { path: "/results/shared/not-a-token", params: {} }],
    [visitor, { path: "/results/shared/not-a-token/report", params: { v: "1" } }],
    [resultOwner, { path: `/dashboard/results/${MISSING}`, params: {} }],
    [resultOwner, { path: `/dashboard/results/${resultId}/access-log`, params: { page: "2" } }],
    [customer, { path: `/dashboard/results/${resultId}/access-log`, params: { page: "1" } }],
    [labManager, { path: `/partner/${labId}/results/${MISSING}`, params: {} }],
    [labManager, { path: `/partner/${labId}/results/${MISSING}/report`, params: { v: "1" } }],
    [admin, { path: `/admin/results/${MISSING}`, params: {} }],
    // Invoices (issue 29): the list and its CSV, documents by numbers that are not there or not the reader's.
    [admin, { path: "/admin/invoices", params: { q: "INV-2026", from: "2026-01-01", to: "2026-12-31" } }],
    [admin, { path: "/admin/invoices/export", params: { q: "INV-2026", from: "2026-02-30", to: "1999-01-01" } }],
    [admin, { path: "/admin/invoices/documents/INV-2026-999999", params: {} }],
    [customer, { path: "/dashboard/documents/INV-2026-000001", params: {} }],
    [visitor, { path: "/dashboard/documents/CN-2026-000001", params: {} }],
  ];
  const get = (context: APIRequestContext, url: string, clientSide = false) => {
    requests.push(() => record(`GET ${url}`, () => context.get(url, { maxRedirects: 0 })));
    if (!clientSide) return;
    // The same loader as the browser's client-side navigation calls it.
    const [path, query] = url.split("?");
    requests.push(() => record(`GET ${path}.data`, () => context.get(`${path}.data${query ? `?${query}` : ""}`, { maxRedirects: 0 })));
  };
  const query = (params: Fields) => new URLSearchParams(params).toString();
  for (const [context, { path, params }] of loaders) {
    const keys = Object.keys(params);
    for (const key of keys) {
      get(context, `${path}?${query({ ...params, [key]: `${params[key]}${NUL}x` })}`, true);
      get(context, `${path}?${query(params)}&${key}=%E0%A4%A`);
      get(context, `${path}?${query(params)}&${key}=%FF%FE`);
      get(context, `${path}?${query({ ...params, [key]: "y".repeat(8 * 1024) })}`);
    }
    const segments = path.split("/");
    if (segments.length > 2) {
      const parent = segments.slice(0, -1).join("/");
      for (const segment of ["a%00b", "%E0%A4%A", "%FF%FE", `${segments.at(-1)}%00`, "y".repeat(4096), NOT_A_UUID]) get(context, `${parent}/${segment}`, segment.includes("%00"));
    }
  }
  get(visitor, "/%00");

  // A few at a time: the embedded database serves one query at a time anyway.
  const queue = [...requests];
  await Promise.all(Array.from({ length: 6 }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await next();
  }));

  expect(await businessSettings()).toEqual(settingsBefore);
  expect(await (await admin.get(`/admin/results/${resultId}`)).text()).toContain("Open the result (break-glass)");

  console.log(`bad-input sweep: ${sent} requests sent, ${failures.length} failed, ${closed} 1 MB bodies refused by closing the connection`);
  expect(failures).toEqual([]);
  await Promise.all([visitor.dispose(), customer.dispose(), admin.dispose(), labManager.dispose(), resultOwner.dispose()]);
});
