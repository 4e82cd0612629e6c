import { and, eq, gte, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, labs } from "~/db/schema";
import { activeBookingStatuses } from "~/modules/lifecycle/booking-status";
import type { DayBooking } from "~/modules/booking/booking-options";
import { appointmentOf } from "~/modules/slots/appointment-time";
import { slotStartFor } from "~/modules/slots/schedule";

/**
 * The account's active bookings on one Asia/Dubai day, earliest first, as the booking form lists
 * them beside the day's times (decision 0051): when, who, and where (lab, walk-in or home visit and
 * its area). Never the home address. `excludeOrderIds`: orders the one being placed replaces.
 */
export async function accountBookingsOn(userId: string, date: string, { excludeOrderIds = [] }: { excludeOrderIds?: string[] } = {}): Promise<DayBooking[]> {
  const dayStart = slotStartFor(date, "00:00");
  const rows = await db
    .select({
      slotStart: bookings.slotStart,
      scheduledDate: bookings.scheduledDate,
      scheduledTime: bookings.scheduledTime,
      patientName: bookings.patientName,
      labName: labs.name,
      labNameAr: labs.nameAr,
      type: bookings.collectionType,
      homeArea: bookings.homeArea,
    })
    .from(bookings)
    .leftJoin(labs, eq(labs.id, bookings.labId))
    .where(
      and(
        eq(bookings.userId, userId),
        inArray(bookings.status, [...activeBookingStatuses]),
        or(
          and(gte(bookings.slotStart, dayStart), lt(bookings.slotStart, new Date(dayStart.getTime() + 86_400_000))),
          and(isNull(bookings.slotStart), eq(bookings.scheduledDate, date)),
        ),
        excludeOrderIds.length > 0 ? sql`(${bookings.orderId} is null or ${notInArray(bookings.orderId, excludeOrderIds)})` : undefined,
      ),
    )
    .limit(50);
  return rows
    .map(({ slotStart, scheduledDate, scheduledTime, ...row }) => ({ ...row, time: appointmentOf({ slotStart, scheduledDate, scheduledTime })!.time }))
    .sort((a, b) => a.time.localeCompare(b.time));
}
