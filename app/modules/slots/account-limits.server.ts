import { and, eq, inArray, isNotNull, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { bookings, orderItems, orders, user } from "~/db/schema";
import { serverT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { getNow } from "~/modules/slots/clock.server";
import type { CollectionType } from "~/modules/slots/collection-types";
import { todayInDubai } from "~/utils/dubai-date";
import { getEnv, type Env } from "~/utils/env.server";

// What one account may hold at once, so that no one fills the labs' slots with bookings nobody
// pays for (issue 25): MAX_UNPAID_BOOKINGS_PER_ACCOUNT open unpaid bookings, and
// MAX_SLOT_UNITS_PER_ACCOUNT units of any one lab slot. Checked in the transaction that books,
// with the account's row locked, so two requests of one account are counted one after the other.
// See docs/decisions/0026-booking-limits-and-message-recipients.md.

export const UNPAID_BOOKINGS_LIMIT_MESSAGE =
  "An account can have up to {{limit}} unpaid bookings at a time. Please pay for or cancel one before booking another.";
export const SLOT_UNITS_LIMIT_MESSAGE = "An account can book up to {{limit}} places in one lab time slot. Please choose another time or lab.";
export const BOOKING_LIMIT_TITLE = "Booking limit reached";

export type BookingLimit = "unpaid-bookings" | "slot-units";

const TEMPLATES: Record<BookingLimit, typeof UNPAID_BOOKINGS_LIMIT_MESSAGE | typeof SLOT_UNITS_LIMIT_MESSAGE> = {
  "unpaid-bookings": UNPAID_BOOKINGS_LIMIT_MESSAGE,
  "slot-units": SLOT_UNITS_LIMIT_MESSAGE,
};

/** A booking (or a card checkout's hold) the account's limits refuse: nothing was written. */
export class BookingLimitError extends Error {
  constructor(
    readonly limit: BookingLimit,
    readonly max: number,
  ) {
    super(serverT("en", "checkout")(TEMPLATES[limit], { limit: max }));
  }

  /** Why, in the reader's language (the limit's number filled in). */
  describe(language: Language): string {
    return serverT(language, "checkout")(TEMPLATES[this.limit], { limit: this.max });
  }
}

/** The two limits, from the settings. */
export function bookingLimits(env: Env = getEnv()) {
  return { unpaidBookings: env.MAX_UNPAID_BOOKINGS_PER_ACCOUNT, slotUnits: env.MAX_SLOT_UNITS_PER_ACCOUNT };
}

/** One lab slot of one collection type. */
export type SlotKey = { labId: string; type: CollectionType; start: Date };
const keyOf = (slot: SlotKey) => `${slot.labId}|${slot.type}|${slot.start.getTime()}`;

/** What an account holds now: its open unpaid bookings, and its units of each slot asked about. */
export type AccountHoldings = { unpaidBookings: number; unitsAt: (slot: SlotKey) => number };

const ACTIVE_BOOKING = sql`${bookings.status} in ('pending', 'confirmed')`;
/** A card order holding its slots while it waits for its payment (payment clears the hold, release sets slots_released_at). */
const CARD_HOLD = and(isNotNull(orders.slotHoldExpiresAt), isNull(orders.slotsReleasedAt));

/**
 * Locks the account's row (so a second request of the same account waits for this transaction)
 * and reads what it holds, in the caller's transaction:
 * - open unpaid bookings: its pending or confirmed bookings from today on that no card payment
 *   paid (Book Test, cash on delivery), plus the test lines of its card orders still holding
 *   their slots while the payment is awaited;
 * - its units of each slot in `slots`: its active bookings there (the order line's quantity, 1 for
 *   Book Test), paid or not, plus its card holds there.
 * `excludeOrderIds`: orders this transaction replaces (a resumed order superseded by the new one).
 */
export async function lockAccountHoldings(
  tx: Transaction,
  userId: string,
  slots: SlotKey[],
  { excludeOrderIds = [], now = getNow() }: { excludeOrderIds?: string[]; now?: Date } = {},
): Promise<AccountHoldings> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
  const notReplaced = (column: typeof bookings.orderId | typeof orders.id): SQL | undefined =>
    excludeOrderIds.length > 0 ? sql`(${column} is null or ${notInArray(column, excludeOrderIds)})` : undefined;

  const [unpaid] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(
      and(
        eq(bookings.userId, userId),
        ACTIVE_BOOKING,
        sql`${bookings.scheduledDate} >= ${todayInDubai(now)}`,
        sql`(${orders.id} is null or ${orders.paymentStatus} <> 'paid')`,
        notReplaced(bookings.orderId),
      ),
    );
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), CARD_HOLD, eq(orderItems.kind, "test"), isNotNull(orderItems.slotStart), notReplaced(orders.id)));

  const units = new Map<string, number>();
  const starts = [...new Set(slots.map((slot) => slot.start.getTime()))].map((time) => new Date(time));
  if (starts.length > 0) {
    const add = (rows: { labId: string | null; type: CollectionType | null; start: Date | null; units: number }[]) => {
      for (const row of rows) {
        if (!row.labId || !row.type || !row.start) continue;
        const key = keyOf({ labId: row.labId, type: row.type, start: row.start });
        units.set(key, (units.get(key) ?? 0) + row.units);
      }
    };
    add(
      await tx
        .select({
          labId: bookings.labId,
          type: bookings.collectionType,
          start: bookings.slotStart,
          units: sql<number>`sum(coalesce(${orderItems.quantity}, 1))::int`,
        })
        .from(bookings)
        .leftJoin(orderItems, and(eq(orderItems.orderId, bookings.orderId), eq(orderItems.testId, bookings.testId), eq(orderItems.kind, "test")))
        .where(and(eq(bookings.userId, userId), ACTIVE_BOOKING, inArray(bookings.slotStart, starts), notReplaced(bookings.orderId)))
        .groupBy(bookings.labId, bookings.collectionType, bookings.slotStart),
    );
    add(
      await tx
        .select({
          labId: orderItems.labId,
          type: orderItems.collectionType,
          start: orderItems.slotStart,
          units: sql<number>`sum(${orderItems.quantity})::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orders.userId, userId), CARD_HOLD, eq(orderItems.kind, "test"), inArray(orderItems.slotStart, starts), notReplaced(orders.id)))
        .groupBy(orderItems.labId, orderItems.collectionType, orderItems.slotStart),
    );
  }
  return { unpaidBookings: (unpaid?.count ?? 0) + (held?.count ?? 0), unitsAt: (slot) => units.get(keyOf(slot)) ?? 0 };
}

/**
 * Whether `unpaidBookings` more open unpaid bookings and `holds` (units of slots, several lines
 * at one slot added up) stay within the account's limits; the first limit passed otherwise.
 */
export function bookingLimitPassed(
  holdings: AccountHoldings,
  { unpaidBookings, holds }: { unpaidBookings: number; holds: (SlotKey & { units: number })[] },
  env: Env = getEnv(),
): BookingLimitError | null {
  const limits = bookingLimits(env);
  if (unpaidBookings > 0 && holdings.unpaidBookings + unpaidBookings > limits.unpaidBookings) {
    return new BookingLimitError("unpaid-bookings", limits.unpaidBookings);
  }
  const asked = new Map<string, { slot: SlotKey; units: number }>();
  for (const hold of holds) {
    const key = keyOf(hold);
    asked.set(key, { slot: hold, units: (asked.get(key)?.units ?? 0) + hold.units });
  }
  for (const { slot, units } of asked.values()) {
    if (holdings.unitsAt(slot) + units > limits.slotUnits) return new BookingLimitError("slot-units", limits.slotUnits);
  }
  return null;
}
