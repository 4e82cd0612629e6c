// A lab's own profile in the partner portal (its managers): texts in English and Arabic, contact,
// weekly hours, closed days, slot lengths and capacities, home collection. A change never drops a
// booking already made: one that would leave a booking without its slot (a closed day, shorter
// hours, another slot length, no more home collection) or a slot over its capacity is refused with
// the bookings to move first (decision 0038).
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, labs, tests } from "~/db/schema";
import type { Transaction } from "~/db/client.server";
import { applyLabChanges } from "~/modules/catalog/manage-labs.server";
import { LabProfileFormSchema, type LabProfileInput } from "~/modules/catalog/schemas";
import type { ManagerScope } from "~/modules/partner/lab-scope.server";
import { getNow } from "~/modules/slots/clock.server";
import type { CollectionType } from "~/modules/slots/collection-types";
import { dubaiDateTime, slotSettings, slotTimesForDay } from "~/modules/slots/schedule";
import { labScheduleOf } from "~/modules/slots/slots.server";
import { formatBookingDate } from "~/utils/dubai-date";
import { formFailure, formSuccess, invalidForm } from "~/utils/form-result.server";

/** The profile form's values: the lab's row. */
export async function labProfile(scope: ManagerScope) {
  const [lab] = await db.select().from(labs).where(eq(labs.id, scope.labId));
  return lab ?? null;
}

/** A booking the change would leave without its slot, or in a slot over its new capacity. */
export type ProfileConflict = { id: string; when: string; collectionType: CollectionType; testName: string | null; patientName: string; problem: "no-slot" | "capacity" };

export const CONFLICT_TITLE = "Move these bookings first";
export const CONFLICT_MESSAGE = "This change would drop bookings already made. Move or cancel these bookings first, then save again:";

/**
 * The lab's upcoming active bookings (pending or confirmed, slot from now on) that the new
 * schedule would not keep: their slot is no longer one of the lab's (closed day or weekday, other
 * hours or slot length, no home collection), or its booked units exceed the new capacity.
 */
async function conflictsOf(tx: Transaction, labId: string, input: LabProfileInput): Promise<ProfileConflict[]> {
  const upcoming = await tx
    .select({
      id: bookings.id,
      slotStart: bookings.slotStart,
      collectionType: bookings.collectionType,
      patientName: bookings.patientName,
      testName: tests.name,
      units: sql<number>`coalesce((select oi.quantity from order_items oi where oi.order_id = ${bookings.orderId} and oi.test_id = ${bookings.testId} and oi.kind = 'test' limit 1), 1)::int`,
    })
    .from(bookings)
    .leftJoin(tests, eq(tests.id, bookings.testId))
    .where(and(eq(bookings.labId, labId), gte(bookings.slotStart, getNow()), inArray(bookings.status, ["pending", "confirmed"])))
    .orderBy(asc(bookings.slotStart), asc(bookings.createdAt));
  // The manager's change alone is judged: the lab's being active is the admins' business.
  const schedule = labScheduleOf({ ...input, isActive: true });
  const booked = new Map<string, number>();
  for (const booking of upcoming) {
    const key = `${booking.collectionType}|${booking.slotStart!.getTime()}`;
    booked.set(key, (booked.get(key) ?? 0) + booking.units);
  }
  const conflicts: ProfileConflict[] = [];
  for (const booking of upcoming) {
    const type = booking.collectionType ?? "walk_in";
    const start = booking.slotStart!;
    const { date, time } = dubaiDateTime(start);
    const kept = slotTimesForDay(schedule, type, date).some((slot) => slot.start.getTime() === start.getTime());
    const overCapacity = (booked.get(`${booking.collectionType}|${start.getTime()}`) ?? 0) > slotSettings(schedule, type).capacity;
    if (kept && !overCapacity) continue;
    conflicts.push({
      id: booking.id,
      when: `${formatBookingDate(date)} ${time}`,
      collectionType: type,
      testName: booking.testName,
      patientName: booking.patientName,
      problem: kept ? "capacity" : "no-slot",
    });
  }
  return conflicts;
}

export type ProfileSave = { ok: true } | { ok: false; conflicts: ProfileConflict[] };

/**
 * Saves the profile unless it would drop a booking. The lab row is locked first, and booking a
 * slot reads it with a share lock (holdSlot), so no booking slips into a slot while it closes.
 */
export async function saveLabProfile(scope: ManagerScope, input: LabProfileInput): Promise<ProfileSave> {
  return db.transaction(async (tx): Promise<ProfileSave> => {
    await tx.select({ id: labs.id }).from(labs).where(eq(labs.id, scope.labId)).for("update");
    const conflicts = await conflictsOf(tx, scope.labId, input);
    if (conflicts.length > 0) return { ok: false, conflicts };
    await applyLabChanges(tx, scope.labId, input);
    return { ok: true };
  });
}

const describeConflict = (conflict: ProfileConflict) =>
  `${conflict.when} · ${conflict.collectionType === "home" ? "Home collection" : "Walk-in"} · ${conflict.testName ?? "Test"} · ${conflict.patientName}`;

/** The profile form's post: check, save, answer (with the bookings to move when refused). */
export async function runLabProfileAction(scope: ManagerScope, form: Record<string, unknown>) {
  const parsed = LabProfileFormSchema.safeParse(form);
  if (!parsed.success) return invalidForm(parsed.error, "Error updating lab profile");
  const saved = await saveLabProfile(scope, parsed.data);
  if (!saved.ok) {
    const list = saved.conflicts.slice(0, 5).map(describeConflict).join("\n");
    const more = saved.conflicts.length > 5 ? `\nand ${saved.conflicts.length - 5} more` : "";
    return formFailure<{ conflicts: ProfileConflict[] }>(409, {
      conflicts: saved.conflicts,
      toast: { type: "error", title: CONFLICT_TITLE, description: `${CONFLICT_MESSAGE}\n${list}${more}` },
    });
  }
  return formSuccess({ title: "Lab profile updated", description: `${scope.labName}'s profile has been updated successfully.` });
}
