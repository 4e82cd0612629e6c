import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import * as schema from "~/db/schema";
import { periodAnalytics, vatIncluded } from "~/modules/analytics/dashboard-analytics.server";
import { DAILY_FACTS, type FactRow } from "~/modules/analytics/daily-facts.server";
import { addDays, resolvePeriod } from "~/modules/analytics/days";
import { flushFunnelCounts } from "~/modules/analytics/funnel.server";
import { readFacts, readFactsWithoutRollups, rollUpAnalytics } from "~/modules/analytics/rollup.server";
import { transitionBooking } from "~/modules/booking/transition-booking.server";
import { action as funnelAction } from "~/routes/api.funnel";
import { createAccount, insertCategory, insertLab, insertTest } from "~/seed/factories.server";
import { todayInDubai } from "~/utils/dubai-date";
import { releaseResult, uploadResult } from "~/modules/results/lab-results.server";
import { partnerLab } from "../../../tests/fakes/partner-lab";
import { collectedBooking, samplePdf, scopeOf } from "../../../tests/fakes/results";

const HOUR = 3_600_000;
const today = todayInDubai();
/** A time `hour` hours (UTC) into the UTC day of `day` minus `daysAgo`: 20:00 UTC and later is the next Dubai day. */
const at = (daysAgo: number, hourUtc: number) => new Date(Date.parse(`${addDays(today, -daysAgo)}T00:00:00Z`) + hourUtc * HOUR);

/** A deterministic sequence, so every run seeds the same varied period. */
function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor(state / 65_536) % n;
  };
}

async function seedCatalogue() {
  const user = await createAccount(db);
  const [blood, hormones] = [await insertCategory(db, { name: "Blood" }), await insertCategory(db, { name: "Hormones" })];
  const labA = await insertLab(db, { name: "Alpha Lab" });
  const labB = await insertLab(db, { name: "Beta Lab" });
  const catalogue = [
    await insertTest(db, { name: "CBC", categoryId: blood.id, priceFils: 10_000 }),
    await insertTest(db, { name: "Vitamin D", categoryId: blood.id, priceFils: 25_000 }),
    await insertTest(db, { name: "TSH", categoryId: hormones.id, priceFils: 18_000 }),
  ];
  return { user, labs: [labA, labB], tests: catalogue };
}

type Seeded = Awaited<ReturnType<typeof seedCatalogue>>;

/** Orders, bookings, refunds and cancellations over the `span` days before today, some at Dubai midnight. */
async function seedSales({ user, labs, tests }: Seeded, { span = 12, count = 60 } = {}) {
  const pick = sequence(7);
  const bookingStatuses = ["pending", "confirmed", "completed", "cancelled", "sample_collected", "no_show"] as const;
  for (let i = 0; i < count; i += 1) {
    const daysAgo = 1 + pick(span);
    // 19:30 and 20:30 UTC sit either side of the Dubai midnight.
    const createdAt = at(daysAgo, [3, 10, 19.5, 20.5][pick(4)]);
    const card = pick(3) > 0;
    const test = tests[pick(tests.length)];
    const lab = labs[pick(labs.length)];
    const quantity = 1 + pick(2);
    const price = test.priceFils;
    const fee = pick(4) === 0 ? 5_000 : 0;
    const paid = card && pick(5) > 0;
    const orderStatus = card ? (paid ? "confirmed" : (["pending", "cancelled", "expired"] as const)[pick(3)]) : (["pending", "cancelled"] as const)[pick(2)];
    const orderId = randomUUID();
    await db.insert(schema.orders).values({
      id: orderId,
      userId: user.id,
      totalAmountFils: price * quantity + fee,
      paymentMethod: card ? "stripe" : "cash_on_delivery",
      paymentStatus: paid ? "paid" : "pending",
      orderStatus,
      customerName: "Pat Doe",
      customerEmail: user.email,
      paidAt: paid ? new Date(createdAt.getTime() + pick(30) * HOUR) : null,
      createdAt,
    });
    for (let unit = 0; unit < quantity; unit += 1) {
      const status = bookingStatuses[pick(bookingStatuses.length)];
      const bookingId = randomUUID();
      await db.insert(schema.bookings).values({
        id: bookingId,
        testId: test.id,
        userId: user.id,
        labId: lab.id,
        orderId,
        scheduledDate: addDays(today, -pick(span) - 1),
        patientName: "Pat Doe",
        patientEmail: user.email,
        status,
        priceFils: price,
        homeCollectionFeeFils: unit === 0 ? fee : 0,
        createdAt,
      });
      if (status === "cancelled" || status === "no_show") {
        await db.insert(schema.statusChanges).values({
          subject: "booking",
          subjectId: bookingId,
          field: "status",
          fromStatus: "pending",
          toStatus: status,
          actorKind: status === "no_show" ? "lab" : (["customer", "admin", "lab", "system"] as const)[pick(4)],
          reason: "test",
          createdAt: new Date(createdAt.getTime() + pick(40) * HOUR),
        });
      }
      if (paid && (status === "cancelled" || status === "no_show")) {
        await db.insert(schema.paymentRefunds).values({
          orderId,
          bookingId,
          amountFils: price - pick(2) * 2_500,
          reason: "booking_cancelled",
          status: (["pending", "succeeded", "failed"] as const)[pick(3)],
          idempotencyKey: randomUUID(),
          createdAt: new Date(createdAt.getTime() + pick(40) * HOUR),
        });
      }
    }
    // A late payment given back is not a sale: left out of the refunds.
    if (!paid && card && orderStatus !== "pending" && pick(3) === 0) {
      await db.insert(schema.paymentRefunds).values({
        orderId,
        amountFils: price * quantity,
        reason: "late_payment",
        idempotencyKey: randomUUID(),
        createdAt: new Date(createdAt.getTime() + HOUR),
      });
    }
  }
}

const dubaiDay = (value: Date | string) => todayInDubai(new Date(value));

/** The figures of from..to computed here from the raw tables, independently of the module. */
async function independentFigures(from: string, to: string) {
  const inPeriod = (day: string) => day >= from && day <= to;
  const orders = await db.select().from(schema.orders);
  const bookings = await db.select().from(schema.bookings);
  const refunds = await db.select().from(schema.paymentRefunds);
  const changes = await db.select().from(schema.statusChanges);
  const method = new Map(orders.map((order) => [order.id, order.paymentMethod]));
  const value = (booking: (typeof bookings)[number]) => (booking.priceFils ?? 0) + (booking.homeCollectionFeeFils ?? 0);
  const cardPaid = orders.filter((order) => order.paymentMethod === "stripe" && order.paidAt && inPeriod(dubaiDay(order.paidAt)));
  const cashCollected = bookings.filter(
    (booking) =>
      booking.orderId &&
      method.get(booking.orderId) === "cash_on_delivery" &&
      ["sample_collected", "completed"].includes(booking.status) &&
      inPeriod(booking.scheduledDate),
  );
  const cashOrdersPerDay = new Set(cashCollected.map((booking) => `${booking.scheduledDate}:${booking.orderId}`));
  const gross = cardPaid.reduce((sum, order) => sum + order.totalAmountFils, 0) + cashCollected.reduce((sum, booking) => sum + value(booking), 0);
  const refunded = refunds
    .filter((refund) => !["late_payment", "slot_unavailable"].includes(refund.reason) && inPeriod(dubaiDay(refund.createdAt)))
    .reduce((sum, refund) => sum + refund.amountFils, 0);
  const count = <T,>(rows: T[], key: (row: T) => string) => {
    const counts: Record<string, number> = {};
    for (const row of rows) counts[key(row)] = (counts[key(row)] ?? 0) + 1;
    return counts;
  };
  const bookingsMade = bookings.filter((booking) => inPeriod(dubaiDay(booking.createdAt)));
  const cancellations = changes.filter((change) => change.toStatus === "cancelled" && change.subject === "booking" && inPeriod(dubaiDay(change.createdAt)));
  const perLab: Record<string, number> = {};
  for (const booking of bookingsMade.filter((row) => row.status !== "cancelled")) perLab[booking.labId ?? "none"] = (perLab[booking.labId ?? "none"] ?? 0) + value(booking);
  return {
    gross,
    paidOrders: cardPaid.length + cashOrdersPerDay.size,
    refunded,
    net: gross - refunded,
    ordersByStatus: count(
      orders.filter((order) => inPeriod(dubaiDay(order.createdAt))),
      (order) => order.orderStatus,
    ),
    bookingsByStatus: count(bookingsMade, (booking) => booking.status),
    cancelledBy: count(cancellations, (change) => change.actorKind),
    noShows: changes.filter((change) => change.toStatus === "no_show" && inPeriod(dubaiDay(change.createdAt))).length,
    perLab,
  };
}

const asCounts = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.filter((row) => row.n > 0).map((row) => [row.key, row.n]));

describe("admin analytics", () => {
  it("shows, for a seeded period, the sums computed independently from the orders, refunds and bookings, before and after the roll-up", async () => {
    const seeded = await seedCatalogue();
    await seedSales(seeded);
    const period = resolvePeriod(new URLSearchParams({ period: "custom", from: addDays(today, -7), to: addDays(today, -1) }));
    const expected = await independentFigures(period.from, period.to);
    const expectedBefore = await independentFigures(period.previous.from, period.previous.to);
    expect(expected.gross).toBeGreaterThan(0);
    expect(expected.refunded).toBeGreaterThan(0);

    for (const stage of ["live", "rolled up"]) {
      if (stage === "rolled up") expect((await rollUpAnalytics()).length).toBeGreaterThanOrEqual(12);
      const figures = await periodAnalytics(period);
      expect(figures.revenue.current).toMatchObject({
        grossFils: expected.gross,
        paidOrders: expected.paidOrders,
        refundsFils: expected.refunded,
        netFils: expected.net,
        vatFils: vatIncluded(expected.net),
      });
      expect(figures.revenue.previous).toMatchObject({ grossFils: expectedBefore.gross, refundsFils: expectedBefore.refunded });
      expect(asCounts(figures.ordersByStatus)).toEqual(expected.ordersByStatus);
      expect(asCounts(figures.bookingsByStatus)).toEqual(expected.bookingsByStatus);
      expect(asCounts(figures.cancelledBy)).toEqual(expected.cancelledBy);
      expect(figures.noShows.current).toBe(expected.noShows);
      expect(Object.fromEntries(figures.perLab.filter((row) => row.fils > 0).map((row) => [row.key, row.fils]))).toEqual(expected.perLab);
      expect(figures.perLab.map((row) => row.name).sort()).toEqual(["Alpha Lab", "Beta Lab"]);
      expect(figures.daily).toHaveLength(7);
      expect(figures.daily.reduce((sum, day) => sum + day.netFils, 0)).toBe(expected.net);
    }
    // The roll-up and the tables agree day by day.
    const sort = (rows: { day: string; fact: string; key: string }[]) => [...rows].sort((a, b) => `${a.day}${a.fact}${a.key}`.localeCompare(`${b.day}${b.fact}${b.key}`));
    expect(sort(await readFacts(period.from, period.to))).toEqual(sort(await readFactsWithoutRollups(period.from, period.to)));
    // Summed per period (as the dashboard reads them), the stored figures keep every total, and
    // the charted ones keep their days.
    const middle = addDays(period.from, 3);
    const bucketed = (rows: FactRow[]) => {
      const sums = new Map<string, { n: number; fils: number }>();
      for (const row of rows) {
        const key = `${DAILY_FACTS.includes(row.fact) ? row.day : row.day >= middle ? "current" : "previous"}|${row.fact}|${row.key}`;
        const sum = sums.get(key) ?? { n: 0, fils: 0 };
        sums.set(key, { n: sum.n + row.n, fils: sum.fils + row.fils });
      }
      return Object.fromEntries([...sums].sort(([a], [b]) => a.localeCompare(b)));
    };
    const summed = await readFacts(period.from, period.to, { periodFrom: middle });
    expect(summed.length).toBeLessThan((await readFacts(period.from, period.to)).length);
    expect(bucketed(summed)).toEqual(bucketed(await readFacts(period.from, period.to)));
  });

  it("sums finished months once, and a long period read from them equals the tables, also after a late change unlists a month", async () => {
    const seeded = await seedCatalogue();
    await seedSales(seeded, { span: 100, count: 150 });
    // One run rolls every day (up to MAX_DAYS_PER_RUN); the seeded status changes up to 40 hours
    // after their booking make the last days dirty again on every run, so no loop until none is left.
    await rollUpAnalytics();
    const summedMonths = async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_rolled_months`)).rows[0].n;
    expect(await summedMonths()).toBeGreaterThanOrEqual(2);
    const period = resolvePeriod(new URLSearchParams({ period: "custom", from: addDays(today, -59), to: today }));
    // Per period (the charted figures per day), what the dashboard reads equals the tables.
    const bucketed = (rows: FactRow[]) => {
      const sums = new Map<string, { n: number; fils: number }>();
      for (const row of rows) {
        if (row.n === 0 && row.fils === 0) continue;
        const key = `${DAILY_FACTS.includes(row.fact) ? row.day : row.day >= period.from ? "current" : "previous"}|${row.fact}|${row.key}`;
        const sum = sums.get(key) ?? { n: 0, fils: 0 };
        sums.set(key, { n: sum.n + row.n, fils: sum.fils + row.fils });
      }
      return Object.fromEntries([...sums].sort(([a], [b]) => a.localeCompare(b)));
    };
    const fromTables = async () => bucketed(await readFactsWithoutRollups(period.previous.from, period.to));
    const read = async () => bucketed(await readFacts(period.previous.from, period.to, { periodFrom: period.from }));
    expect(await read()).toEqual(await fromTables());

    // Four months are charted per month, and the months add up to the period's revenue and funnel.
    const long = await periodAnalytics(resolvePeriod(new URLSearchParams({ period: "custom", from: addDays(today, -119), to: today })));
    expect(long.step).toBe("month");
    expect(long.daily.length).toBeGreaterThanOrEqual(4);
    expect(long.daily.length).toBeLessThanOrEqual(5);
    expect(long.daily.every((point) => /^\d{4}-\d{2}$/.test(point.day))).toBe(true);
    expect(long.daily.reduce((sum, point) => sum + point.netFils, 0)).toBe(long.revenue.current.netFils);
    expect(long.daily.reduce((sum, point) => sum + point.paidOrders, 0)).toBe(long.revenue.current.paidOrders);
    expect(long.funnel.map((point) => point.day)).toEqual(long.daily.map((point) => point.day));

    // Kept to the period's first test only (as the dashboard keeps its top tests), the other figures
    // and that test's sums in both periods are still the tables'.
    const tables = await fromTables();
    const [first] = Object.entries(tables)
      .filter(([key]) => key.startsWith("current|test|"))
      .sort(([, a], [, b]) => b.n - a.n || b.fils - a.fils)
      .map(([key]) => key.split("|")[2]);
    const kept = bucketed(await readFacts(period.previous.from, period.to, { periodFrom: period.from, top: { fact: "test", limit: 1 } }));
    const testKeys = (sums: Record<string, unknown>) => Object.keys(sums).filter((key) => key.includes("|test|"));
    expect(testKeys(tables).length).toBeGreaterThan(testKeys(kept).length);
    expect(Object.fromEntries(Object.entries(kept).filter(([key]) => !key.includes("|test|")))).toEqual(
      Object.fromEntries(Object.entries(tables).filter(([key]) => !key.includes("|test|"))),
    );
    for (const side of ["current", "previous"]) expect(kept[`${side}|test|${first}`]).toEqual(tables[`${side}|test|${first}`]);

    // A booking of a summed month cancelled today: its month is unlisted and read from its days.
    const [booking] = await db.select().from(schema.bookings).where(sql`${schema.bookings.createdAt} < date_trunc('month', now()) - interval '1 month' and ${schema.bookings.status} = 'pending'`).limit(1);
    await db.transaction((tx) => transitionBooking(tx, booking.id, "cancelled", { kind: "admin", id: seeded.user.id }, "late change", { notify: false }));
    const before = await summedMonths();
    expect(await read()).toEqual(await fromTables());
    expect(await summedMonths()).toBeLessThan(before);
    await rollUpAnalytics();
    expect(await summedMonths()).toBe(before);
    expect(await read()).toEqual(await fromTables());
  });

  it("counts a refund made today in today's net revenue, and leaves the day of the payment as it was", async () => {
    const { user } = await seedCatalogue();
    const orderId = randomUUID();
    await db.insert(schema.orders).values({
      id: orderId,
      userId: user.id,
      totalAmountFils: 40_000,
      paymentMethod: "stripe",
      paymentStatus: "paid",
      orderStatus: "confirmed",
      customerName: "Pat Doe",
      customerEmail: user.email,
      paidAt: at(3, 8),
      createdAt: at(3, 7),
    });
    await rollUpAnalytics();
    const paidDay = resolvePeriod(new URLSearchParams({ period: "custom", from: addDays(today, -3), to: addDays(today, -3) }));
    const todayOnly = resolvePeriod(new URLSearchParams({ period: "today" }));
    expect((await periodAnalytics(paidDay)).revenue.current).toMatchObject({ grossFils: 40_000, netFils: 40_000 });
    expect((await periodAnalytics(todayOnly)).revenue.current.netFils).toBe(0);

    await db.insert(schema.paymentRefunds).values({ orderId, amountFils: 15_000, reason: "booking_cancelled", status: "succeeded", idempotencyKey: randomUUID() });

    const todays = (await periodAnalytics(todayOnly)).revenue.current;
    expect(todays).toMatchObject({ grossFils: 0, refundsFils: 15_000, netFils: -15_000, vatFils: vatIncluded(-15_000) });
    expect((await periodAnalytics(paidDay)).revenue.current).toMatchObject({ grossFils: 40_000, refundsFils: 0, netFils: 40_000 });
  });

  it("re-rolls the day of a booking whose status changes late", async () => {
    const { user, labs, tests } = await seedCatalogue();
    const admin = await createAccount(db, { admin: true });
    const bookingId = randomUUID();
    await db.insert(schema.bookings).values({
      id: bookingId,
      testId: tests[0].id,
      userId: user.id,
      labId: labs[0].id,
      scheduledDate: addDays(today, 2),
      patientName: "Pat Doe",
      patientEmail: user.email,
      status: "confirmed",
      priceFils: 10_000,
      createdAt: at(5, 6),
    });
    await rollUpAnalytics();
    const madeDay = resolvePeriod(new URLSearchParams({ period: "custom", from: addDays(today, -5), to: addDays(today, -5) }));
    expect(asCounts((await periodAnalytics(madeDay)).bookingsByStatus)).toEqual({ confirmed: 1 });

    await db.transaction((tx) => transitionBooking(tx, bookingId, "cancelled", { kind: "admin", id: admin.id }));

    // At once on the dashboard (the changed day is computed live)...
    const after = await periodAnalytics(madeDay);
    expect(asCounts(after.bookingsByStatus)).toEqual({ cancelled: 1 });
    expect(after.perLab.every((row) => row.n === 0)).toBe(true);
    expect(asCounts((await periodAnalytics(resolvePeriod(new URLSearchParams({ period: "today" })))).cancelledBy)).toEqual({ admin: 1 });
    // ...and in the roll-up once the job has run again.
    expect(await rollUpAnalytics()).toContain(addDays(today, -5));
    const stored = await db.execute<{ key: string; n: number }>(
      sql`select key, n from analytics_daily_facts where day = ${addDays(today, -5)}::date and fact = 'booking_status'`,
    );
    expect(stored.rows.map((row) => [row.key, Number(row.n)])).toEqual([["cancelled", 1]]);
  });

  it("counts one product view, one add to cart, one checkout start and one purchase in today's funnel", async () => {
    const { user } = await seedCatalogue();
    const post = (step: string) =>
      funnelAction({
        request: new Request("http://localhost:3999/api/funnel", {
          method: "POST",
          body: new URLSearchParams({ step }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" },
        }),
        params: {},
        context: {},
      } as never);
    for (const step of ["product_view", "add_to_cart", "checkout_started"]) expect(((await post(step)) as Response).status).toBe(204);
    expect(((await post("cookie")) as { init: ResponseInit | null }).init?.status).toBe(400);
    await db.insert(schema.orders).values({
      userId: user.id,
      totalAmountFils: 10_000,
      paymentMethod: "cash_on_delivery",
      customerName: "Pat Doe",
      customerEmail: user.email,
    });
    await flushFunnelCounts();
    const funnel = (await periodAnalytics(resolvePeriod(new URLSearchParams({ period: "today" })))).funnel;
    expect(funnel).toEqual([{ day: today, productViews: 1, addToCart: 1, checkoutStarted: 1, paid: 1, searches: 0, zeroResultSearches: 0 }]);
    const stored = await db.execute(sql`select * from analytics_funnel_counts`);
    // Nothing but the day, the step and the number.
    expect(Object.keys(stored.rows[0]).sort()).toEqual(["count", "day", "step"]);
  });
});

describe("result turnaround per lab", () => {
  it("counts the results released in the period per lab, on time against the offer's promised hours, with the median hours", async () => {
    const partner = await partnerLab("Turnaround Lab");
    await db.update(schema.labOffers).set({ resultHours: 24 }).where(sql`${schema.labOffers.id} = ${partner.offer.id}`);
    // Collected 10, 20 and 30 hours ago, released now: two within 24 hours, one late; median 20 hours.
    for (const hoursAgo of [10, 20, 30]) {
      const { booking } = await collectedBooking(partner, hoursAgo);
      await uploadResult(scopeOf(partner), { bookingId: booking.id, pdf: samplePdf(), values: [] });
      await releaseResult(scopeOf(partner), booking.id);
    }
    const todays = await periodAnalytics(resolvePeriod(new URLSearchParams({ period: "today" })));
    expect(todays.turnaround).toEqual([{ labId: partner.lab.id, name: "Turnaround Lab", results: 3, onTimeShare: 2 / 3, medianHours: 20 }]);
    // A period before any release has none.
    const january = await periodAnalytics(resolvePeriod(new URLSearchParams({ period: "custom", from: "2026-01-01", to: "2026-01-10" })));
    expect(january.turnaround).toBeNull();
  });
});

describe("VAT on the dashboard", () => {
  it("is the VAT of the tax invoices issued in the period less their credit notes, zero-rated lines counting nothing", async () => {
    const user = await createAccount(db);
    const orderId = randomUUID();
    const issuedAt = new Date();
    const [invoice] = await db
      .insert(schema.invoices)
      .values({
        number: `INV-T-${orderId.slice(0, 8)}`,
        orderId,
        userId: user.id,
        issuedAt,
        supplyDate: today,
        sellerName: "LabTest Hub LLC",
        sellerAddress: "Abu Dhabi",
        sellerTrn: "100000000000003",
        customerName: "Layla Haddad",
        customerEmail: user.email,
        paymentMethod: "stripe",
        // AED 210 standard-rated (AED 10 VAT) and AED 100 zero-rated.
        taxableFils: 300_00,
        vatFils: 10_00,
        totalFils: 310_00,
      })
      .returning();
    await db.insert(schema.creditNotes).values({
      number: `CN-T-${orderId.slice(0, 8)}`,
      invoiceId: invoice.id,
      orderId,
      issuedAt,
      reason: "customer_cancelled",
      taxableFils: 100_00,
      vatFils: 5_00,
      totalFils: 105_00,
    });
    const todays = await periodAnalytics(resolvePeriod(new URLSearchParams({ period: "today" })));
    expect(todays.revenue.current).toMatchObject({ vatFils: 5_00, vatFromDocuments: true });
    const january = await periodAnalytics(resolvePeriod(new URLSearchParams({ period: "custom", from: "2026-01-01", to: "2026-01-10" })));
    expect(january.revenue.current).toMatchObject({ vatFils: 0, vatFromDocuments: false });
  });
});
