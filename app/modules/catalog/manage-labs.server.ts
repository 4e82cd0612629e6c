import { z } from "zod";
import { and, asc, eq, gte, ilike, or, sql } from "drizzle-orm";
import type { Executor, Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { labOffers, labs, slotCounts } from "~/db/schema";
import { uniqueSlug } from "~/db/unique-slug.server";
import { escapeLike } from "~/utils/escape-like";
import type { Crud } from "~/modules/admin/crud-action.server";
import { syncLabTestPrices, syncTestPrices } from "~/modules/catalog/offers.server";
import { LabFormSchema, type LabInput } from "~/modules/catalog/schemas";
import { getNow } from "~/modules/slots/clock.server";

export async function listLabs(search: string) {
  const pattern = `%${escapeLike(search)}%`;
  return db
    .select()
    .from(labs)
    .where(
      search
        ? or(ilike(labs.name, pattern), ilike(labs.address, pattern), ilike(labs.area, pattern), ilike(labs.contactEmail, pattern))
        : undefined,
    )
    .orderBy(asc(labs.name));
}

/** One lab by id, or null (also for a malformed id). */
export async function findLab(id: string) {
  if (!z.uuid().safeParse(id).success) return null;
  const [lab] = await db.select().from(labs).where(eq(labs.id, id));
  return lab ?? null;
}

/** A new lab gets a unique slug from its name (its page is /labs/{slug}). */
export async function createLab(input: LabInput) {
  const [row] = await db
    .insert(labs)
    .values({ ...input, slug: await uniqueSlug(db, labs.slug, input.name) })
    .returning();
  return row;
}

/**
 * Saves a lab's form. In the same transaction: its tests' displayed prices follow (a lab that is
 * deactivated, or stops home collection, drops out of the lowest price), and the slots to come that
 * already have a count take the new capacity (never below what is already taken).
 */
export async function updateLab(id: string, input: LabInput) {
  return db.transaction((tx) => applyLabChanges(tx, id, input));
}

/**
 * Writes a lab's changed columns in the caller's transaction, then its tests' displayed prices and
 * its future slots' capacities follow (the admin's lab form, the partner portal's lab profile).
 * Null for an unknown lab.
 */
export async function applyLabChanges(tx: Transaction, id: string, changes: Partial<typeof labs.$inferInsert>) {
  const [row] = await tx.update(labs).set(changes).where(eq(labs.id, id)).returning();
  if (!row) return null;
  await syncLabTestPrices(tx, id);
  await applyCapacity(tx, id, "walk_in", row.walkInCapacity);
  await applyCapacity(tx, id, "home", row.homeCapacity);
  return row;
}

async function applyCapacity(tx: Executor, labId: string, type: "walk_in" | "home", capacity: number) {
  await tx
    .update(slotCounts)
    .set({ capacity: sql`greatest(${capacity}::int, ${slotCounts.taken})` })
    .where(and(eq(slotCounts.labId, labId), eq(slotCounts.collectionType, type), gte(slotCounts.slotStart, getNow())));
}

export async function deleteLab(id: string) {
  return db.transaction(async (tx) => {
    const offered = await tx.select({ testId: labOffers.testId }).from(labOffers).where(eq(labOffers.labId, id));
    const [row] = await tx.delete(labs).where(eq(labs.id, id)).returning();
    if (!row) return null;
    // Its offers went with it (cascade): the tests it offered now show their next-lowest price.
    await syncTestPrices(
      tx,
      offered.map((offer) => offer.testId),
    );
    return row;
  });
}

/** The labs list's add, edit and delete. */
export const labCrud: Crud<typeof LabFormSchema> = { entity: "lab", schema: LabFormSchema, create: createLab, update: updateLab, remove: deleteLab };
