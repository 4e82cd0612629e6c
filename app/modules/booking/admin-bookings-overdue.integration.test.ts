import { count, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, jobs, statusChanges } from "~/db/schema";
import { createAccount, insertTest } from "~/seed/factories.server";
import { countOverdueBookings, listAllBookings, overdueCondition } from "~/modules/booking/admin-bookings.server";
import type { BookingStatus } from "~/modules/lifecycle/booking-status";
import { bookingForAdmin } from "~/modules/booking/booking-timeline.server";
import { getNow, setClockOffset } from "~/modules/slots/clock.server";
import { loader } from "~/routes/admin/bookings";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { routeArgs, signedInAs } from "../../../tests/fakes/signed-in-request";

afterEach(() => setClockOffset(0));

const HOUR = 3_600_000;
const dubai = (at: Date) => ({
  scheduledDate: at.toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" }),
  scheduledTime: at.toLocaleTimeString("en-GB", { timeZone: "Asia/Dubai", hour: "2-digit", minute: "2-digit" }),
});

let owner: { id: string } | undefined;
async function booking(patientName: string, status: BookingStatus, at: Date, withSlot = true) {
  owner ??= await createAccount(db);
  const test = await insertTest(db);
  const [row] = await db
    .insert(bookings)
    .values({
      userId: owner.id,
      testId: test.id,
      patientName,
      patientEmail: "patient@example.com",
      status,
      ...dubai(at),
      slotStart: withSlot ? at : null,
    })
    .returning();
  return row;
}

afterEach(() => {
  owner = undefined;
});

describe("overdue bookings", () => {
  it("flags active bookings more than an hour past their time, by slot or by scheduled date and time; changes none", async () => {
    const now = getNow();
    const late = await booking("Late pending", "pending", new Date(now.getTime() - 2 * HOUR));
    const lateConfirmed = await booking("Late confirmed", "confirmed", new Date(now.getTime() - 26 * HOUR));
    const oldRow = await booking("Old row without slot", "pending", new Date(now.getTime() - 3 * HOUR), false);
    await booking("Just started", "confirmed", new Date(now.getTime() - 30 * 60_000));
    await booking("Upcoming", "pending", new Date(now.getTime() + 2 * HOUR));
    await booking("Upcoming old row", "pending", new Date(now.getTime() + 2 * HOUR), false);
    await booking("Done", "completed", new Date(now.getTime() - 5 * HOUR));
    await booking("Called off", "cancelled", new Date(now.getTime() - 5 * HOUR));

    expect(await countOverdueBookings()).toBe(3);
    const { bookings: listed, total } = await listAllBookings(1, { overdue: "1" });
    expect(total).toBe(3);
    expect(listed.map((row) => row.id).sort()).toEqual([late.id, lateConfirmed.id, oldRow.id].sort());
    expect(listed.every((row) => row.overdue)).toBe(true);
    const all = await listAllBookings(1);
    expect(all.total).toBe(8);
    expect(Object.fromEntries(all.bookings.map((row) => [row.patientName, row.overdue]))).toEqual({
      "Late pending": true,
      "Late confirmed": true,
      "Old row without slot": true,
      "Just started": false,
      Upcoming: false,
      "Upcoming old row": false,
      Done: false,
      "Called off": false,
    });
    expect((await bookingForAdmin(late.id))?.booking.overdue).toBe(true);
    const dashboard = await dashboardLoader(routeArgs<Parameters<typeof dashboardLoader>[0]>((await signedInAs(await createAccount(db, { admin: true })))("/admin")));
    expect(dashboard.overdueBookings).toBe(3);

    // Flagged only: statuses, audit trail and jobs untouched.
    const statuses = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, late.id));
    expect(statuses).toEqual([{ status: "pending" }]);
    expect(await db.select().from(statusChanges)).toEqual([]);
    expect(await db.select().from(jobs)).toEqual([]);
  });

  it("follows the app clock: moved two hours ahead, a booking that just started is overdue", async () => {
    await booking("Starts soon", "confirmed", new Date(getNow().getTime() + 30 * 60_000));
    expect(await countOverdueBookings()).toBe(0);
    setClockOffset(2 * HOUR);
    expect(await countOverdueBookings()).toBe(1);
  });

  it("the Overdue filter of /admin/bookings reads ?overdue=1 and ignores other values", async () => {
    await booking("Late", "pending", new Date(getNow().getTime() - 2 * HOUR));
    await booking("Upcoming", "pending", new Date(getNow().getTime() + 2 * HOUR));
    const admin = await createAccount(db, { admin: true });
    const request = await signedInAs(admin);
    type Args = Parameters<typeof loader>[0];
    const filtered = await loader(routeArgs<Args>(request("/admin/bookings?overdue=1")));
    expect(filtered.bookings.map((row) => row.patientName)).toEqual(["Late"]);
    expect(filtered.filters.overdue).toBe("1");
    const ignored = await loader(routeArgs<Args>(request("/admin/bookings?overdue=yes")));
    expect(ignored.bookings).toHaveLength(2);
  });

  it("is read from the partial index of active bookings (a few thousand rows)", async () => {
    const customer = await createAccount(db);
    await db.execute(sql`
      insert into bookings (user_id, scheduled_date, scheduled_time, patient_name, patient_email, status, slot_start)
      select ${customer.id}, (now() - make_interval(days => n % 400))::date, '09:00', 'Patient ' || n, 'p@example.com',
        case when n % 20 = 0 then 'pending' when n % 20 = 1 then 'confirmed' when n % 2 = 0 then 'completed' else 'cancelled' end,
        case when n % 50 = 0 then null else now() - make_interval(days => n % 400) end
      from generate_series(1, 4000) as n`);
    await db.execute(sql`analyze bookings`);
    const [{ n }] = await db.select({ n: count() }).from(bookings).where(overdueCondition());
    expect(n).toBeGreaterThan(0);
    const plan = await db.execute<{ "QUERY PLAN": string }>(sql`explain select count(*) from bookings where ${overdueCondition()}`);
    const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain("bookings_active_slot_idx");
    expect(text).not.toMatch(/Seq Scan on bookings/);
  });
});
