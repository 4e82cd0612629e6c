import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { orderItems, orders } from "~/db/schema";
import { getNow } from "~/modules/slots/clock.server";
import type { CollectionType } from "~/modules/slots/collection-types";
import { holdSlots, releaseSlot, type SlotRefusal } from "~/modules/slots/slots.server";

/** One held slot of an order: `units` of a lab's slot, for one test line. */
export type OrderSlot = { testName: string; labId: string; labName?: string | null; type: CollectionType; start: Date; units: number };

/** The slots an order's test lines hold (lines without a lab or slot hold none). */
export async function heldSlotsOfOrder(tx: Transaction, orderId: string): Promise<OrderSlot[]> {
  const rows = await tx
    .select({
      testName: orderItems.testName,
      labId: orderItems.labId,
      type: orderItems.collectionType,
      start: orderItems.slotStart,
      units: orderItems.quantity,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, "test"), isNotNull(orderItems.slotStart)))
    .orderBy(asc(orderItems.labId), asc(orderItems.slotStart), asc(orderItems.id));
  return rows.flatMap((row) =>
    row.labId && row.start ? [{ testName: row.testName, labId: row.labId, type: row.type ?? "walk_in", start: row.start, units: row.units }] : [],
  );
}

export type { SlotRefusal };

/**
 * Holds every slot of an order at once (slots.server.ts holdSlots: a fixed number of statements,
 * the rows locked in one order so that concurrent orders never wait on each other crosswise).
 * Returns the first slot refused, or null when all are held. The caller's transaction must be
 * rolled back (or its savepoint) on a refusal.
 */
export async function holdOrderSlots(
  tx: Transaction,
  slots: OrderSlot[],
  options: { checkLeadTime?: boolean; now?: Date } = {},
): Promise<{ slot: OrderSlot; reason: SlotRefusal } | null> {
  const refused = await holdSlots(
    tx,
    slots.map((slot) => ({ labId: slot.labId, type: slot.type, start: slot.start, units: slot.units })),
    options,
  );
  return refused ? { slot: slots[refused.index], reason: refused.reason } : null;
}

/**
 * Gives back the slots a card order holds while it waits for its payment, once (slots_released_at),
 * in the caller's transaction with the order row locked. Orders with bookings (cash on delivery,
 * paid card orders) have no hold here: their bookings carry the slots.
 */
export async function releaseOrderHold(tx: Transaction, order: { id: string; slotHoldExpiresAt: Date | null; slotsReleasedAt: Date | null }) {
  if (!order.slotHoldExpiresAt || order.slotsReleasedAt) return false;
  for (const slot of await heldSlotsOfOrder(tx, order.id)) {
    await releaseSlot(tx, { labId: slot.labId, type: slot.type, start: slot.start, units: slot.units });
  }
  await tx.update(orders).set({ slotsReleasedAt: getNow() }).where(eq(orders.id, order.id));
  return true;
}

/** Card orders whose slot hold has run out and is not released yet (orders_slot_hold_expires_idx). */
export async function ordersWithExpiredHolds(now: Date = getNow(), limit = 100) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNull(orders.slotsReleasedAt), isNotNull(orders.slotHoldExpiresAt), lte(orders.slotHoldExpiresAt, now)))
    .orderBy(asc(orders.slotHoldExpiresAt))
    .limit(limit);
}
