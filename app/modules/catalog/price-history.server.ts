// The history of the labs' prices (decision 0037): every new offer, price change and deleted offer,
// with who made it and where (an offer form or a file import). Written by offers.server.ts and the
// offer import in the change's own transaction; read by the admin and the lab's managers.
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { offerPriceChanges, tests, user } from "~/db/schema";
import type { Actor } from "~/modules/lifecycle/order-status";

export type PriceChangeSource = (typeof offerPriceChanges.$inferInsert)["source"];

/** Who changes a price and through what: the actor of the change, and its form or import. */
export type PriceChangeBy = { by?: Actor; source?: PriceChangeSource };

export type PriceChange = { labId: string; testId: string; offerId: string; oldPriceFils: number | null; newPriceFils: number | null };

const WRITE_CHUNK = 1000;

/** A list as one bound array parameter (`{a,b,NULL}`), so a chunk of thousands of rows is one short statement. */
const arrayOf = (values: readonly (string | number | null)[]) => `{${values.map((value) => (value === null ? "NULL" : String(value))).join(",")}}`;

/**
 * Writes the changes whose price differs (a new offer, a new price, a deleted offer); the rest are
 * ignored. One INSERT ... SELECT from arrays per WRITE_CHUNK changes (a 10,000-row import writes its
 * history in ten statements of five parameters each).
 */
export async function recordPriceChanges(executor: Executor, changes: PriceChange[], { by, source = "form" }: PriceChangeBy = {}) {
  const actor = by ?? { kind: "system" as const, id: null };
  const rows = changes.filter((change) => change.oldPriceFils !== change.newPriceFils);
  for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
    const chunk = rows.slice(start, start + WRITE_CHUNK);
    await executor.execute(sql`
      insert into ${offerPriceChanges} (lab_id, test_id, offer_id, old_price_fils, new_price_fils, actor_kind, actor_id, source)
      select lab_id, test_id, offer_id, old_price_fils, new_price_fils, ${actor.kind}, ${actor.id ?? null}, ${source}
      from unnest(
        ${arrayOf(chunk.map((row) => row.labId))}::uuid[], ${arrayOf(chunk.map((row) => row.testId))}::uuid[], ${arrayOf(chunk.map((row) => row.offerId))}::uuid[],
        ${arrayOf(chunk.map((row) => row.oldPriceFils))}::bigint[], ${arrayOf(chunk.map((row) => row.newPriceFils))}::bigint[]
      ) as change(lab_id, test_id, offer_id, old_price_fils, new_price_fils)`);
  }
}

export const PRICE_HISTORY_PAGE_SIZE = 50;

/** One page of a lab's price changes, newest first, with the test and the person who made each. */
export async function priceHistoryOfLab(labId: string, page = 1) {
  const where = eq(offerPriceChanges.labId, labId);
  const [{ total }] = await db.select({ total: count() }).from(offerPriceChanges).where(where);
  const pageCount = Math.max(1, Math.ceil(total / PRICE_HISTORY_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page)), pageCount);
  const rows = await db
    .select({
      id: offerPriceChanges.id,
      at: offerPriceChanges.createdAt,
      testName: tests.name,
      testSlug: tests.slug,
      oldPriceFils: offerPriceChanges.oldPriceFils,
      newPriceFils: offerPriceChanges.newPriceFils,
      actorKind: offerPriceChanges.actorKind,
      actorEmail: user.email,
      source: offerPriceChanges.source,
    })
    .from(offerPriceChanges)
    .innerJoin(tests, eq(tests.id, offerPriceChanges.testId))
    .leftJoin(user, eq(user.id, offerPriceChanges.actorId))
    .where(and(where))
    .orderBy(desc(offerPriceChanges.createdAt), desc(offerPriceChanges.id))
    .limit(PRICE_HISTORY_PAGE_SIZE)
    .offset((current - 1) * PRICE_HISTORY_PAGE_SIZE);
  return { rows, total, page: current, pageCount };
}
