import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/db.server";
import { bookings, labs, tests } from "~/db/schema";
import { bookingColumns, bookingsWithTestAndLab } from "~/modules/booking/booking-payload.server";
import type { AdminBookingStatus } from "~/modules/booking/booking-status";
import { transitionBooking } from "~/modules/booking/transition-booking.server";
import { collectionTypes } from "~/modules/slots/collection-types";
import { isCalendarDate } from "~/utils/dubai-date";
import { pageNumber } from "~/utils/form-fields";

export const BOOKINGS_PAGE_SIZE = 25;

/** The admin bookings list's URL: ?page=&lab={lab id}&type=walk_in|home&date=yyyy-MM-dd (anything unexpected: no filter). */
export const AdminBookingsQuerySchema = z.object({
  page: pageNumber(),
  lab: z.uuid().optional().catch(undefined),
  type: z.enum(collectionTypes).optional().catch(undefined),
  date: z.string().refine(isCalendarDate).optional().catch(undefined),
});

export type BookingFilters = Omit<z.output<typeof AdminBookingsQuerySchema>, "page">;

function filterWhere({ lab, type, date }: BookingFilters = {}): SQL | undefined {
  return and(
    lab ? eq(bookings.labId, lab) : undefined,
    // Bookings made before labs had slots have no collection type: they were walk-ins.
    type ? eq(sql`coalesce(${bookings.collectionType}, 'walk_in')`, type) : undefined,
    date ? eq(bookings.scheduledDate, date) : undefined,
  );
}

/** All bookings (of a lab, a collection type, a day, when asked), newest first, with their test and lab. */
export async function listAllBookings(page: number, filters: BookingFilters = {}) {
  const where = filterWhere(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...bookingColumns, collectionType: bookings.collectionType, homeArea: bookings.homeArea, bookedPriceFils: bookings.priceFils })
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
 * test and lab, or null for an unknown id.
 */
export async function setBookingStatus(id: string, status: AdminBookingStatus, adminId: string | null = null) {
  return db.transaction(async (tx) => {
    const outcome = await transitionBooking(tx, id, status, { kind: "admin", id: adminId });
    if (outcome.status !== "changed") return null;
    const [booking] = await bookingsWithTestAndLab(tx).where(eq(bookings.id, id));
    return booking;
  });
}
