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
// pays for (issue 25): MAX_UNPAID_BOOKINGS_PER_ACCOUNT open unpaid appointments (lab + slot), and
// MAX_SLOT_UNITS_PER_ACCOUNT people at any one lab slot (issue 26: counted as a patient counts
// bookings, so that a family's normal cart passes). Checked in the transaction that books,
// with the account's row locked, so two requests of one account are counted one after the other.
// See docs/decisions/0026-booking-limits-and-message-recipients.md and 0050-booking-limits-count-appointments.md.

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

/**
 * What an account holds now, counted as a patient counts (decision 0050):
 * - `appointments`: its open unpaid appointments, each a lab, collection type and slot start
 *   (however many tests are taken there);
 * - `groupsAt(slot)`: the people it brings to a slot, by booking group (an order, or a booking
 *   made alone): a group brings as many people as its largest line's quantity there, since a
 *   quantity of two is two patients while two tests at one visit are one.
 */
export type AccountHoldings = {
  appointments: ReadonlySet<string>;
  groupsAt: (slot: SlotKey) => ReadonlyMap<string, number>;
  /** Open unpaid appointments (the first limit's count). */
  unpaidBookings: number;
  /** The people the account brings to the slot (the second limit's count). */
  unitsAt: (slot: SlotKey) => number;
};

const ACTIVE_BOOKING = sql`${bookings.status} in ('pending', 'confirmed')`;
/** A card order holding its slots while it waits for its payment (payment clears the hold, release sets slots_released_at). */
const CARD_HOLD = and(isNotNull(orders.slotHoldExpiresAt), isNull(orders.slotsReleasedAt));

type SlotRow = { labId: string | null; type: CollectionType | null; start: Date | null };
const rowKey = (row: SlotRow, fallback: string) => (row.labId && row.type && row.start ? keyOf({ labId: row.labId, type: row.type, start: row.start }) : fallback);

/**
 * Locks the account's row (so a second request of the same account waits for this transaction)
 * and reads what it holds, in the caller's transaction:
 * - open unpaid appointments: the lab slots of its pending or confirmed bookings from today on
 *   that no card payment paid (Book Test, cash on delivery), and of its card orders' test lines
 *   still holding their slots while the payment is awaited; one per lab, type and start;
 * - at each slot in `slots`: its active bookings there, paid or not, and its card holds there,
 *   by group (order or lone booking) with the group's largest quantity.
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

  const unpaid = await tx
    .select({ id: bookings.id, labId: bookings.labId, type: bookings.collectionType, start: bookings.slotStart })
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
  const held = await tx
    .select({ id: orderItems.id, labId: orderItems.labId, type: orderItems.collectionType, start: orderItems.slotStart })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), CARD_HOLD, eq(orderItems.kind, "test"), isNotNull(orderItems.slotStart), notReplaced(orders.id)));
  const appointments = new Set([...unpaid, ...held].map((row) => rowKey(row, `row|${row.id}`)));

  const groups = new Map<string, Map<string, number>>();
  const starts = [...new Set(slots.map((slot) => slot.start.getTime()))].map((time) => new Date(time));
  if (starts.length > 0) {
    const add = (rows: (SlotRow & { group: string; units: number })[]) => {
      for (const row of rows) {
        const key = rowKey(row, "");
        if (!key) continue;
        const slotGroups = groups.get(key) ?? new Map<string, number>();
        slotGroups.set(row.group, Math.max(slotGroups.get(row.group) ?? 0, row.units));
        groups.set(key, slotGroups);
      }
    };
    const bookingGroup = sql<string>`coalesce(${bookings.orderId}::text, ${bookings.id}::text)`;
    add(
      await tx
        .select({
          labId: bookings.labId,
          type: bookings.collectionType,
          start: bookings.slotStart,
          group: bookingGroup,
          units: sql<number>`max(coalesce(${orderItems.quantity}, 1))::int`,
        })
        .from(bookings)
        .leftJoin(orderItems, and(eq(orderItems.orderId, bookings.orderId), eq(orderItems.testId, bookings.testId), eq(orderItems.kind, "test")))
        .where(and(eq(bookings.userId, userId), ACTIVE_BOOKING, inArray(bookings.slotStart, starts), notReplaced(bookings.orderId)))
        .groupBy(bookings.labId, bookings.collectionType, bookings.slotStart, bookingGroup),
    );
    add(
      await tx
        .select({
          labId: orderItems.labId,
          type: orderItems.collectionType,
          start: orderItems.slotStart,
          group: sql<string>`${orders.id}::text`,
          units: sql<number>`max(${orderItems.quantity})::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orders.userId, userId), CARD_HOLD, eq(orderItems.kind, "test"), inArray(orderItems.slotStart, starts), notReplaced(orders.id)))
        .groupBy(orderItems.labId, orderItems.collectionType, orderItems.slotStart, orders.id),
    );
  }
  const groupsAt = (slot: SlotKey): ReadonlyMap<string, number> => groups.get(keyOf(slot)) ?? new Map();
  return {
    appointments,
    groupsAt,
    unpaidBookings: appointments.size,
    unitsAt: (slot) => [...groupsAt(slot).values()].reduce((sum, units) => sum + units, 0),
  };
}

/** The group of a booking or order asking for a slot: its order's id, a lone booking's id, or a new one. */
export const NEW_GROUP = "new";

/**
 * Whether the new unpaid appointments (`unpaid`: the lab slot of each unpaid booking being made,
 * null for one without a lab slot) and `holds` (quantities at lab slots, in
 * `group`, by default the new order or booking) stay within the account's limits; the first
 * limit passed otherwise. An appointment the account already has (the same lab, type and start)
 * adds nothing; the lines of one group at one slot bring its largest quantity in people, not
 * their sum.
 */
export function bookingLimitPassed(
  holdings: AccountHoldings,
  { unpaid, holds }: { unpaid: (SlotKey | null)[]; holds: (SlotKey & { units: number; group?: string })[] },
  env: Env = getEnv(),
): BookingLimitError | null {
  const limits = bookingLimits(env);
  const appointments = new Set(holdings.appointments);
  for (const [index, slot] of unpaid.entries()) appointments.add(slot ? keyOf(slot) : `${NEW_GROUP}|${index}`);
  if (appointments.size > holdings.appointments.size && appointments.size > limits.unpaidBookings) {
    return new BookingLimitError("unpaid-bookings", limits.unpaidBookings);
  }
  const asked = new Map<string, { slot: SlotKey; groups: Map<string, number> }>();
  for (const hold of holds) {
    const key = keyOf(hold);
    const entry = asked.get(key) ?? { slot: hold, groups: new Map(holdings.groupsAt(hold)) };
    const group = hold.group ?? NEW_GROUP;
    entry.groups.set(group, Math.max(entry.groups.get(group) ?? 0, hold.units));
    asked.set(key, entry);
  }
  for (const { groups } of asked.values()) {
    const people = [...groups.values()].reduce((sum, units) => sum + units, 0);
    if (people > limits.slotUnits) return new BookingLimitError("slot-units", limits.slotUnits);
  }
  return null;
}
