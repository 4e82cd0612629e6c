import { and, asc, count, desc, eq, gte, ilike, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/db.server";
import { bookings, labs, tests } from "~/db/schema";
import { bookingColumns, bookingsWithTestAndLab } from "~/modules/booking/booking-payload.server";
import { bookingStatuses, type AdminBookingStatus } from "~/modules/lifecycle/booking-status";
import { transitionBooking } from "~/modules/booking/transition-booking.server";
import { getNow } from "~/modules/slots/clock.server";
import { collectionTypes } from "~/modules/slots/collection-types";
import { BOOKING_TIME_ZONE, isCalendarDate } from "~/utils/dubai-date";
import { pageNumber } from "~/utils/form-fields";
import { escapeLike } from "~/utils/escape-like";

export const BOOKINGS_PAGE_SIZE = 25;

/**
 * The admin bookings list's URL: ?page=&lab={lab id}&type=walk_in|home&date=yyyy-MM-dd&overdue=1
 * &status=&from=yyyy-MM-dd&to=yyyy-MM-dd (scheduled dates, both included)&q= (the patient's name,
 * e-mail or phone) — anything unexpected: no filter.
 */
export const AdminBookingsQuerySchema = z.object({
  page: pageNumber(),
  lab: z.uuid().optional().catch(undefined),
  type: z.enum(collectionTypes).optional().catch(undefined),
  date: z.string().refine(isCalendarDate).optional().catch(undefined),
  overdue: z.literal("1").optional().catch(undefined),
  status: z.enum(bookingStatuses).optional().catch(undefined),
  from: z.string().refine(isCalendarDate).optional().catch(undefined),
  to: z.string().refine(isCalendarDate).optional().catch(undefined),
  q: z
    .string()
    .trim()
    .max(100)
    .transform((value) => value || undefined)
    .optional()
    .catch(undefined),
});

export type BookingFilters = Omit<z.output<typeof AdminBookingsQuerySchema>, "page">;

/** A booking is overdue this long after its time without being completed or cancelled. */
export const OVERDUE_AFTER_MINUTES = 60;

/**
 * Overdue bookings: still pending or confirmed more than an hour (app clock) after their slot
 * started, or after their scheduled date and time (Asia/Dubai) for bookings made before labs had
 * slots. They are flagged for the admin, never changed automatically. The status condition is
 * written as the partial index bookings_active_slot_idx's own predicate, so both branches are
 * read from that index.
 */
export function overdueCondition(now: Date = getNow()): SQL {
  const cutoff = new Date(now.getTime() - OVERDUE_AFTER_MINUTES * 60_000);
  return sql`(${bookings.status} in ('pending', 'confirmed') and ${or(
    lt(bookings.slotStart, cutoff),
    and(
      isNull(bookings.slotStart),
      // Implied by the line below; lets the day's index (bookings_active_unslotted_idx) leave out the days to come.
      sql`${bookings.scheduledDate} <= (${cutoff}::timestamptz at time zone ${sql.raw(`'${BOOKING_TIME_ZONE}'`)})::date`,
      sql`(${bookings.scheduledDate} + ${bookings.scheduledTime}::time) at time zone ${sql.raw(`'${BOOKING_TIME_ZONE}'`)} < ${cutoff}`,
    ),
  )})`;
}

/** overdueCondition as a column: true or false, never null (a booking without a slot compares null). */
export function overdueFlag(now: Date = getNow()) {
  return sql<boolean>`coalesce(${overdueCondition(now)}, false)`;
}

/**
 * The patient search: part of the name or e-mail (any case), or, when the text has 3 digits or
 * more, part of the phone number's digits whatever its spaces, dashes or +; a local number's
 * leading 0 is dropped, so "050 123 4567" finds "+971 50 123 4567".
 */
function patientSearch(q: string): SQL | undefined {
  const pattern = `%${escapeLike(q)}%`;
  const digits = q.replace(/\D/g, "").replace(/^0+/, "");
  return or(
    ilike(bookings.patientName, pattern),
    ilike(bookings.patientEmail, pattern),
    digits.length >= 3 ? sql`regexp_replace(coalesce(${bookings.patientPhone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}` : undefined,
  );
}

function filterWhere({ lab, type, date, overdue, status, from, to, q }: BookingFilters = {}, now?: Date): SQL | undefined {
  return and(
    status ? eq(bookings.status, status) : undefined,
    from ? gte(bookings.scheduledDate, from) : undefined,
    to ? lte(bookings.scheduledDate, to) : undefined,
    q ? patientSearch(q) : undefined,
    lab ? eq(bookings.labId, lab) : undefined,
    // Bookings made before labs had slots have no collection type: they were walk-ins.
    type ? eq(sql`coalesce(${bookings.collectionType}, 'walk_in')`, type) : undefined,
    date ? eq(bookings.scheduledDate, date) : undefined,
    overdue ? overdueCondition(now) : undefined,
  );
}

/** How many bookings are overdue (the admin dashboard's count). */
export async function countOverdueBookings(now: Date = getNow()) {
  const [row] = await db.select({ n: count() }).from(bookings).where(overdueCondition(now));
  return row.n;
}

/**
 * All bookings (of a lab, a collection type, a day, the overdue ones, when asked), newest first,
 * with their test and lab, each flagged when overdue.
 */
export async function listAllBookings(page: number, filters: BookingFilters = {}, now: Date = getNow()) {
  const where = filterWhere(filters, now);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...bookingColumns,
        collectionType: bookings.collectionType,
        homeArea: bookings.homeArea,
        bookedPriceFils: bookings.priceFils,
        overdue: overdueFlag(now),
      })
      .from(bookings)
      .leftJoin(tests, eq(tests.id, bookings.testId))
      .leftJoin(labs, eq(labs.id, bookings.labId))
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(BOOKINGS_PAGE_SIZE)
      .offset((page - 1) * BOOKINGS_PAGE_SIZE),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { bookings: rows, total: total.n };
}

/** The labs a booking filter may choose. */
export function labChoices() {
  return db.select({ id: labs.id, name: labs.name }).from(labs).orderBy(asc(labs.name));
}

/**
 * An admin sets a booking's status (through transitionBooking: audit row, booking_updated and
 * booking_completed / booking_cancelled events, one transaction). Returns the booking with its
 * test and lab, or why nothing changed: an unknown id, or a cancelled booking whose time slot has
 * filled up since (it cannot be confirmed again there).
 */
export async function setBookingStatus(id: string, status: AdminBookingStatus, adminId: string | null = null) {
  return db.transaction(async (tx) => {
    const outcome = await transitionBooking(tx, id, status, { kind: "admin", id: adminId });
    if (outcome.status === "slot-taken") return { status: "slot-taken" } as const;
    if (outcome.status !== "changed") return { status: "not-found" } as const;
    const [booking] = await bookingsWithTestAndLab(tx).where(eq(bookings.id, id));
    return { status: "changed", booking } as const;
  });
}

/** What the admin is told when a status change is refused (spec: 'Error updating status' with the server message). */
export const STATUS_CHANGE_REFUSALS = {
  "not-found": { httpStatus: 404, message: "This booking no longer exists." },
  "slot-taken": { httpStatus: 409, message: "Its time slot is full now. Move the booking to another time before restoring it." },
} as const;
