import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { DEMO_ADMIN, DEMO_LAB_MANAGER, expectToast, uniqueEmail, waitForHydration } from "../e2e/helpers";
import { withDatabase } from "./servers";

// Two processes on one database (tests/scale/global-setup.ts). Cookies belong to the host, not the
// port, so one browser session is signed in on both, as behind a load balancer.
const A = process.env.SCALE_A_URL!;
const B = process.env.SCALE_B_URL!;
const DATABASE_URL = process.env.SCALE_DATABASE_URL!;

test.describe.configure({ mode: "serial" });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const demoTest = (index: number) => ({ name: seedTests[index].name, slug: slugify(seedTests[index].name) });

let customer: Page;
const email = uniqueEmail("scale");

test.beforeAll(async ({ browser }) => {
  customer = await browser.newPage();
});

test.afterAll(async () => {
  await customer.close();
});

test("an account made and signed in on A uses its dashboard on B", async () => {
  await customer.goto(`${A}/auth`);
  await waitForHydration(customer);
  await customer.getByLabel("Email").fill(email);
  await customer.getByLabel("Password").fill("correct-horse-battery");
  await customer.getByRole("button", { name: "Create Account" }).click();
  await expect(customer).toHaveURL(`${A}/dashboard`);

  await customer.goto(`${B}/dashboard`);
  await expect(customer).toHaveURL(`${B}/dashboard`);
  await expect(customer.getByRole("heading", { name: "My Dashboard" })).toBeVisible();
  await expect(customer.getByText(`Email: ${email}`)).toBeVisible();
});

test("a cart filled on A is checked out with cash on delivery on B", async () => {
  const { name, slug } = demoTest(2);
  await customer.goto(`${A}/product/${slug}`);
  await waitForHydration(customer);
  await customer.getByRole("button", { name: new RegExp(`^Add to Cart\\W*${escapeRegExp(name)}$`) }).click();
  await expectToast(customer, "Added to cart");

  await customer.goto(`${B}/cart`);
  await waitForHydration(customer);
  await expect(customer.getByText(name).first()).toBeVisible();
  await expect(customer.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await customer.goto(`${B}/checkout?step=details`);
  await waitForHydration(customer);
  await customer.getByLabel("Patient Name").fill("Layla Haddad");
  const today = new TZDate(Date.now(), "Asia/Dubai");
  const tomorrow = addDays(today, 1);
  await customer.getByLabel("Preferred Date").click();
  if (tomorrow.getMonth() !== today.getMonth()) await customer.getByRole("button", { name: /next month/i }).click();
  await customer.getByRole("button", { name: new RegExp(format(tomorrow, "PPPP")) }).click();
  await customer.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(customer).toHaveURL(/step=payment/);
  await customer.getByLabel(/Cash on Delivery/).check();
  await customer.getByRole("button", { name: "Place Order" }).click();
  await expect(customer.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();

  // A sees the order and the emptied cart.
  await customer.goto(`${A}/dashboard`);
  await expect(customer.getByTestId("order-row").first()).toContainText(name);
  await expect(customer.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
});

test("an admin's edit on A reaches B's cached public page within a second", async ({ browser, request }) => {
  const { name, slug } = demoTest(3);
  const productOn = (base: string) => request.get(`${base}/product/${slug}`);
  // B (and A) hold the page in their caches, for 60 s by their setting.
  for (const base of [A, B]) {
    await productOn(base);
    const cached = await productOn(base);
    expect(cached.headers()["x-page-cache"]).toBe("hit");
    expect(await cached.text()).toContain(name);
  }

  const admin = await browser.newPage();
  await admin.goto(`${A}/auth?mode=sign-in`);
  await waitForHydration(admin);
  await admin.getByLabel("Email").fill(DEMO_ADMIN.email);
  await admin.getByLabel("Password").fill(DEMO_ADMIN.password);
  await admin.getByRole("button", { name: "Sign In" }).click();
  await expect(admin).toHaveURL(`${A}/admin/dashboard`);
  await admin.goto(`${A}/admin/tests?q=${encodeURIComponent(name)}`);
  await waitForHydration(admin);
  const row = admin.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const renamed = `${name} (scale ${Date.now()})`;
  await admin.getByRole("dialog").getByLabel("Name", { exact: true }).fill(renamed);
  // Anonymous visitors keep asking B for the page (a cached answer takes a few ms) while the
  // admin saves on A: when was B's first answer with the new name asked for?
  const listener = new pg.Client({ connectionString: DATABASE_URL });
  await listener.connect();
  let notifiedAt: number | undefined;
  listener.on("notification", (message) => {
    // An admin's edit is announced as a catalogue change (decision 0034).
    if (message.payload === "catalog") notifiedAt ??= Date.now();
  });
  await listener.query("listen labtest_changes");
  const answers: { sentAt: number; fresh: boolean }[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const sentAt = Date.now();
      const fresh = (await (await fetch(`${B}/product/${slug}`)).text()).includes(renamed);
      answers.push({ sentAt, fresh });
      if (fresh) return;
    }
  })();
  const saved = admin.waitForResponse((response) => response.request().method() === "POST" && response.url().startsWith(`${A}/admin/tests`));
  const saveSentAt = Date.now();
  await admin.getByRole("dialog").getByRole("button", { name: "Update Test" }).click();
  expect((await saved).ok()).toBe(true);
  const savedAt = Date.now();
  await Promise.race([poller, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  polling = false;
  await poller;
  await listener.end();

  const firstFresh = answers.find((answer) => answer.fresh);
  const lastStale = answers.filter((answer) => !answer.fresh).at(-1);
  expect(firstFresh, "B still served the old name 5 s after the save").toBeDefined();
  const after = (at: number | undefined) => (at === undefined ? "none" : `${at - savedAt} ms`);
  console.log(
    `  A answered the save in ${savedAt - saveSentAt} ms. Relative to that answer: the change notification reached ` +
      `a listener at ${after(notifiedAt)}; B's last old page was asked for at ${after(lastStale?.sentAt)}, ` +
      `its first new one at ${after(firstFresh!.sentAt)} (${answers.length} requests to B)` +
      (notifiedAt === undefined ? "" : `: B served the edit ${firstFresh!.sentAt - notifiedAt} ms after the notification`),
  );
  expect(firstFresh!.sentAt - savedAt).toBeLessThan(1_000);
  await expectToast(admin, "Test updated");
  expect(await (await productOn(A)).text()).toContain(renamed);
  await admin.close();
});

test("a lab manager's new price on A reaches B's cached product page (comparison and from price) within a second", async ({ browser, request }) => {
  const manager = await browser.newPage();
  await manager.goto(`${A}/auth?mode=sign-in`);
  await waitForHydration(manager);
  await manager.getByLabel("Email").fill(DEMO_LAB_MANAGER.email);
  await manager.getByLabel("Password").fill(DEMO_LAB_MANAGER.password);
  await manager.getByRole("button", { name: "Sign In" }).click();
  await expect(manager).toHaveURL(`${A}/partner`);
  await manager.getByRole("link").filter({ hasText: "Manager" }).first().click();
  await manager.getByRole("link", { name: "Offers" }).click();
  await waitForHydration(manager);
  // The lab's first offer: its test's product page, held in both processes' caches.
  const row = manager.getByRole("row").nth(1);
  const testName = (await row.getByRole("link").first().innerText()).trim();
  const slug = (await row.getByRole("link").first().getAttribute("href"))!.replace("/product/", "");
  const productOn = (base: string) => request.get(`${base}/product/${slug}`);
  for (const base of [A, B]) {
    await productOn(base);
    expect((await productOn(base)).headers()["x-page-cache"]).toBe("hit");
  }
  const fromPrice = `${testName} from AED 0.50`;
  expect(await (await productOn(B)).text()).not.toContain(fromPrice);

  await row.getByRole("button", { name: `Edit ${testName}` }).click();
  await manager.getByRole("dialog").getByLabel("Price (AED)").fill("0.50");
  const answers: { sentAt: number; fresh: boolean }[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const sentAt = Date.now();
      const fresh = (await (await fetch(`${B}/product/${slug}`)).text()).includes(fromPrice);
      answers.push({ sentAt, fresh });
      if (fresh) return;
    }
  })();
  const saved = manager.waitForResponse((response) => response.request().method() === "POST" && response.url().startsWith(`${A}/partner/`));
  await manager.getByRole("dialog").getByRole("button", { name: "Update Offer" }).click();
  expect((await saved).ok()).toBe(true);
  const savedAt = Date.now();
  await Promise.race([poller, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  polling = false;
  await poller;
  const firstFresh = answers.find((answer) => answer.fresh);
  expect(firstFresh, "B still served the old price 5 s after the save").toBeDefined();
  console.log(`  B served the lab's new price ${firstFresh!.sentAt - savedAt} ms after A answered the save (${answers.length} requests to B)`);
  expect(firstFresh!.sentAt - savedAt).toBeLessThan(1_000);
  await expectToast(manager, "Offer updated");
  await manager.close();
});

test("a session signed out on A is refused on B within a second, though B had it cached", async ({ playwright }) => {
  // The customer's cookie as it was, replayed on B by another client after the sign-out.
  const cookie = (await customer.context().cookies(B)).map(({ name, value }) => `${name}=${value}`).join("; ");
  const replay = await playwright.request.newContext({ extraHTTPHeaders: { cookie } });
  try {
    // B answers the dashboard and keeps the session in its cache.
    expect((await replay.get(`${B}/dashboard`, { maxRedirects: 0 })).status()).toBe(200);

    await customer.goto(`${A}/dashboard`);
    await waitForHydration(customer);
    await customer.getByRole("button", { name: "Logout" }).click();
    await expectToast(customer, "Signed out successfully");
    const signedOutAt = Date.now();

    await expect
      .poll(async () => (await replay.get(`${B}/dashboard`, { maxRedirects: 0 })).status(), { timeout: 1_000, intervals: [50] })
      .toBe(302);
    console.log(`  B refused the signed-out session ${Date.now() - signedOutAt} ms after the sign-out on A`);
  } finally {
    await replay.dispose();
  }
});

test("background jobs queued on the shared database run once across both processes", async () => {
  const received = new Map<string, number>();
  const receiver = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on("end", () => {
      const key = String(req.headers["idempotency-key"]);
      received.set(key, (received.get(key) ?? 0) + 1);
      // A little slow, so that both processes have deliveries in hand at once.
      setTimeout(() => res.writeHead(204).end(), 20);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const deliveries = 60;
  try {
    const jobIds = await withDatabase(DATABASE_URL, async (client) => {
      const { rows: [webhook] } = await client.query<{ id: string }>(
        `insert into webhook_settings (name, url, events) values ('Scale receiver', $1, '{booking_created}') returning id`,
        [receiverUrl],
      );
      // One statement: every delivery is due at the same instant for both workers.
      const { rows } = await client.query<{ id: string }>(
        `insert into jobs (kind, payload, run_at, max_attempts)
         select 'deliver-webhook',
           jsonb_build_object('webhookId', $1::text, 'envelope', jsonb_build_object(
             'id', gen_random_uuid(), 'type', 'booking_created', 'version', 1, 'created_at', now(),
             'data', jsonb_build_object('test_mode', true, 'message', 'scale test ' || n))),
           now(), 6
         from generate_series(1, $2::int) as n
         returning id`,
        [webhook!.id, deliveries],
      );
      return rows.map((row) => String(row.id));
    });

    await expect.poll(() => received.size, { timeout: 30_000 }).toBe(deliveries);
    // Time for a second delivery of any of them to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect([...received.keys()].sort()).toEqual([...jobIds].sort());
    expect([...received.values()].every((count) => count === 1)).toBe(true);

    const { done, recurring } = await withDatabase(DATABASE_URL, async (client) => ({
      done: (await client.query(`select count(*)::int as n from jobs where id = any($1::bigint[]) and done_at is not null`, [jobIds]))
        .rows[0].n,
      // The periodic sweeps: one row per kind, however many processes started.
      recurring: (await client.query(`select dedupe_key, count(*)::int as n from jobs where dedupe_key like 'recurring:%' group by dedupe_key`))
        .rows as { dedupe_key: string; n: number }[],
    }));
    expect(done).toBe(deliveries);
    expect(recurring.length).toBeGreaterThan(0);
    expect(recurring.every((row) => row.n === 1)).toBe(true);
    console.log(`  ${deliveries} webhook deliveries, each received once; ${recurring.length} recurring sweeps, one row each`);
  } finally {
    receiver.close();
  }
});
