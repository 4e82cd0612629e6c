import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { account, blogPosts, bookings, labs, resources, testCategories, tests, user, userRoles } from "~/db/schema";
import { getAuth } from "~/modules/accounts/better-auth.server";
import { myResults, resultView, versionReport } from "~/modules/results/patient-results.server";
import { myTrendSummaries } from "~/modules/results/trends.server";
import { adminsWithDemoPassword, DEMO_ACCOUNTS, existingDemoAccounts, seedDemoData } from "~/seed/demo-data.server";

describe("demo accounts on a public site", () => {
  it("are left out when not wanted: the catalogue loads, no account or booking is made", async () => {
    await db.transaction((tx) => seedDemoData(tx, { accounts: false }));
    expect((await db.select().from(tests)).length).toBeGreaterThan(200);
    expect(await db.select().from(user)).toEqual([]);
    expect(await db.select().from(bookings)).toEqual([]);
    expect(await existingDemoAccounts(db)).toEqual([]);
    expect(await adminsWithDemoPassword(db)).toEqual([]);
  });

  it("an admin keeping a password the README publishes is found until it has one of its own", async () => {
    await db.transaction((tx) => seedDemoData(tx));
    expect((await existingDemoAccounts(db)).map((demo) => demo.role)).toEqual(["admin", "customer", "labManager", "labStaff"]);
    expect(await adminsWithDemoPassword(db)).toEqual([DEMO_ACCOUNTS.admin.email]);

    // The demo customer made an admin brings the customer's published password along.
    const [customer] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ACCOUNTS.customer.email));
    await db.insert(userRoles).values({ userId: customer.id, role: "admin" });
    expect((await adminsWithDemoPassword(db)).sort()).toEqual([DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.customer.email]);

    const hash = await (await getAuth().$context).password.hash("a-password-of-its-own-2027");
    for (const email of [DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.customer.email]) {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
      await db.update(account).set({ password: hash }).where(and(eq(account.userId, row.id), eq(account.providerId, "credential")));
    }
    expect(await adminsWithDemoPassword(db)).toEqual([]);
  });
});

describe("demo data", () => {
  it("gives the demo customer two released results at two labs: a trend, one value High, each report a real PDF", async () => {
    await db.transaction((tx) => seedDemoData(tx));
    const [customer] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ACCOUNTS.customer.email));
    const mine = await myResults(customer.id);
    expect(mine).toHaveLength(2);
    expect(new Set(mine.map((result) => result.labName)).size).toBe(2);
    const flags = (await Promise.all(mine.map((result) => resultView(result.id)))).flatMap((view) => view!.versions[0].values.map((value) => value.flag));
    expect(flags).toContain("high");
    expect((await myTrendSummaries(customer.id)).map((trend) => trend.analyte)).toEqual(["Fasting glucose", "HbA1c"]);
    const report = await versionReport(mine[0].id, 1);
    expect(report!.pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("names every category and lab, and the popular tests, in Arabic too", async () => {
    await db.transaction((tx) => seedDemoData(tx));
    const arabic = /[\u0600-\u06FF]/;
    for (const row of await db.select().from(testCategories)) expect(row.nameAr, row.name).toMatch(arabic);
    for (const row of await db.select().from(labs)) expect([row.nameAr, row.addressAr], row.name).toEqual([expect.stringMatching(arabic), expect.stringMatching(arabic)]);
    const named = await db.select({ name: tests.name, nameAr: tests.nameAr, descriptionAr: tests.descriptionAr }).from(tests);
    // Every test has an Arabic name, so Arabic searches and pages find and show it.
    for (const row of named) expect(row.nameAr, row.name).toMatch(arabic);
    // Most descriptions stay English-only, so an Arabic page shows the marked English fallback
    // (LocalizedText, app/i18n/localized-field.test.tsx).
    expect(named.some((row) => row.descriptionAr === null)).toBe(true);
    for (const row of await db.select().from(blogPosts)) {
      expect([row.titleAr, row.excerptAr, row.authorAr], row.title).toEqual([expect.stringMatching(arabic), expect.stringMatching(arabic), expect.stringMatching(arabic)]);
    }
    expect((await db.select().from(blogPosts)).filter((row) => row.contentAr).length).toBeGreaterThanOrEqual(2);
    for (const row of await db.select().from(resources)) expect(row.titleAr, row.title).toMatch(arabic);
  });

  it("gives every demo test 2-8 lab offers, the dearest at most twice the cheapest, and its price from the cheapest", async () => {
    const started = Date.now();
    await db.transaction((tx) => seedDemoData(tx));
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(30);

    const labRows = await db.select().from(labs);
    expect(labRows).toHaveLength(25);
    for (const lab of labRows) {
      expect(lab.slug).toMatch(/^[a-z0-9-]+$/);
      expect(lab.area).toBeTruthy();
      expect(lab.openingHours).not.toBeNull();
      expect(lab.walkInSlotMinutes).toBeGreaterThanOrEqual(15);
      expect(lab.walkInSlotMinutes).toBeLessThanOrEqual(30);
      if (lab.homeCollectionFeeFils !== null) {
        expect(lab.homeCollectionFeeFils).toBeGreaterThanOrEqual(3000);
        expect(lab.homeCollectionFeeFils).toBeLessThanOrEqual(5000);
        expect(lab.homeCollectionAreas.length).toBeGreaterThan(0);
      }
    }

    const { rows } = await db.execute<{ n: number; low: number; high: number; price: number; offer_count: number; home_ok: boolean }>(sql`
      select count(o.id)::int as n, min(o.price_fils)::int as low, max(o.price_fils)::int as high,
        t.price_fils::int as price, t.offer_count, bool_and(not o.home_collection or l.home_collection_fee_fils is not null) as home_ok
      from tests t left join lab_offers o on o.test_id = t.id left join labs l on l.id = o.lab_id
      group by t.id`);
    expect(rows.length).toBeGreaterThan(200);
    for (const row of rows) {
      expect(row.n).toBeGreaterThanOrEqual(2);
      expect(row.n).toBeLessThanOrEqual(8);
      expect(row.offer_count).toBe(row.n);
      expect(row.price).toBe(row.low);
      expect(row.high).toBeLessThanOrEqual(2 * row.low);
      expect(row.home_ok).toBe(true);
    }
    // "Save up to 50%": some tests' dearest lab asks (nearly) twice the cheapest.
    expect(rows.some((row) => row.high >= 1.9 * row.low)).toBe(true);
  });
});
