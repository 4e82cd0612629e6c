import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { labOffers, labs, tests } from "~/db/schema";
import { syncTestPrices } from "~/modules/catalog/offers.server";
import { recordPriceChanges } from "~/modules/catalog/price-history.server";
import type { Actor } from "~/modules/lifecycle/order-status";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/request-body.server";
import type { ImportOutcome } from "~/modules/import-export/import-report";
import {
  MAX_OFFER_IMPORT_BYTES,
  OFFER_FILE_TOO_LARGE,
  parseOfferFile,
  readOfferRecord,
  type OfferFileRow,
  type Reference,
} from "~/modules/import-export/offer-file";

const ImportFormSchema = z.object({ file: z.instanceof(File, { error: "Please choose a CSV or JSON file to import." }) });
const MAX_IMPORT_BODY_BYTES = MAX_OFFER_IMPORT_BYTES + 64 * 1024;
const LOOKUP_CHUNK = 1000;
const WRITE_CHUNK = 1000;

/**
 * Who imports: `by` (for the price history), and for a lab's own import in the partner portal
 * the one lab whose offers the file may hold (a row of any other lab is refused).
 */
export type OfferImportOptions = { by?: Actor; labId?: string };

/** Reads the uploaded file from an import form post and imports its offers. */
export async function importOffersFromRequest(request: Request, options: OfferImportOptions = {}): Promise<ImportOutcome> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_IMPORT_BODY_BYTES) return { ok: false, error: OFFER_FILE_TOO_LARGE };
  const form = ImportFormSchema.safeParse(await readForm(request, { maxBytes: MAX_IMPORT_BODY_BYTES }));
  if (!form.success) return { ok: false, error: form.error.issues[0].message };
  try {
    return await importOffers(form.data.file, options);
  } catch (error) {
    logger.error({ err: error }, "offer import failed");
    return { ok: false, error: "The import could not be completed. No offers were changed." };
  }
}

type LabRow = { id: string; name: string; slug: string; homeCollectionFeeFils: number | null };
type ExistingOffer = typeof labOffers.$inferSelect;
type OfferValues = Pick<ExistingOffer, "labId" | "testId" | "priceFils" | "resultHours" | "walkIn" | "homeCollection" | "isActive">;

/**
 * Imports a CSV or JSON file of offers. A bad file imports nothing; otherwise each valid row is
 * saved (an offer the lab has is updated in the columns the file has, a new one inserted with
 * the defaults walk-in, no home collection, active) and each invalid row is reported. Every row is
 * checked before anything is written; the checks against the lab's offers (read locked), the writes,
 * their price history and the tests' displayed prices (syncTestPrices) go in ONE transaction.
 * With `labId`, only that lab's rows are accepted.
 */
export async function importOffers(file: File, { by, labId }: OfferImportOptions = {}): Promise<ImportOutcome> {
  if (file.size > MAX_OFFER_IMPORT_BYTES) return { ok: false, error: OFFER_FILE_TOO_LARGE };
  const parsed = parseOfferFile(file.name, await file.text());
  if (!parsed.ok) return parsed;

  const errors: string[] = [];
  const rows: OfferFileRow[] = [];
  parsed.records.forEach((record, index) => {
    const checked = readOfferRecord(record, index + 1);
    if (checked.ok) rows.push(checked.row);
    else errors.push(checked.error);
  });

  const findLab = await labFinder(labId);
  const onlyLab = labId === undefined ? undefined : findLab({ by: "id", value: labId });
  const findTest = await testFinder(rows.map((row) => row.test));
  const resolved: { row: OfferFileRow; lab: LabRow; testId: string }[] = [];
  const failures = new Map<number, string>();
  for (const row of rows) {
    const lab = findLab(row.lab);
    if (!lab) {
      // A lab's own import looks up no other lab: whether one exists is not its business.
      const message = onlyLab ? `Only offers of ${onlyLab.name} can be imported here` : `Lab not found: ${row.lab.value}`;
      failures.set(row.rowNumber, `Row ${row.rowNumber}: ${message}`);
      continue;
    }
    const test = findTest(row.test);
    if (test === "ambiguous") {
      failures.set(row.rowNumber, `Row ${row.rowNumber}: Several tests are named ${row.test.value}: use test_id or test_slug`);
      continue;
    }
    if (!test) {
      failures.set(row.rowNumber, `Row ${row.rowNumber}: Test not found: ${row.test.value}`);
      continue;
    }
    resolved.push({ row, lab, testId: test });
  }

  // One transaction from here: the offers the file names are read locked, so the defaults of the
  // rows and the old prices in the price history are those the writes replace.
  const { values, updated } = await db.transaction(async (tx) => {
    const existing = await existingOffers(
      resolved.map(({ lab, testId }) => ({ labId: lab.id, testId })),
      tx,
    );
    const seen = new Map<string, number>();
    const values: OfferValues[] = [];
    let updated = 0;
    for (const { row, lab, testId } of resolved) {
      const key = `${lab.id}:${testId}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        failures.set(row.rowNumber, `Row ${row.rowNumber}: Duplicate offer: this test at ${lab.name} is also in row ${earlier}`);
        continue;
      }
      const current = existing.get(key);
      const offer: OfferValues = {
        labId: lab.id,
        testId,
        priceFils: row.priceFils,
        resultHours: row.resultHours !== undefined ? row.resultHours : (current?.resultHours ?? null),
        walkIn: row.walkIn ?? current?.walkIn ?? true,
        homeCollection: row.homeCollection ?? current?.homeCollection ?? false,
        isActive: row.isActive ?? current?.isActive ?? true,
      };
      if (!offer.walkIn && !offer.homeCollection) {
        failures.set(row.rowNumber, `Row ${row.rowNumber}: An offer needs walk-in, home collection or both`);
        continue;
      }
      if (offer.homeCollection && lab.homeCollectionFeeFils === null) {
        failures.set(row.rowNumber, `Row ${row.rowNumber}: ${lab.name} offers no home collection`);
        continue;
      }
      seen.set(key, row.rowNumber);
      values.push(offer);
      if (current) updated++;
    }
    for (let start = 0; start < values.length; start += WRITE_CHUNK) {
      const saved = await tx
        .insert(labOffers)
        .values(values.slice(start, start + WRITE_CHUNK))
        .onConflictDoUpdate({
          target: [labOffers.labId, labOffers.testId],
          set: {
            priceFils: sql`excluded.price_fils`,
            resultHours: sql`excluded.result_hours`,
            walkIn: sql`excluded.walk_in`,
            homeCollection: sql`excluded.home_collection`,
            isActive: sql`excluded.is_active`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: labOffers.id, labId: labOffers.labId, testId: labOffers.testId, priceFils: labOffers.priceFils });
      const changes = saved.map((offer) => ({
        labId: offer.labId,
        testId: offer.testId,
        offerId: offer.id,
        oldPriceFils: existing.get(`${offer.labId}:${offer.testId}`)?.priceFils ?? null,
        newPriceFils: offer.priceFils,
      }));
      await recordPriceChanges(tx, changes, { by, source: "import" });
    }
    if (values.length > 0) {
      await syncTestPrices(
        tx,
        values.map((offer) => offer.testId),
      );
    }
    return { values, updated };
  });

  const allErrors = [...errors, ...failures.values()].sort((a, b) => rowOf(a) - rowOf(b));
  return { ok: true, processed: parsed.records.length, inserted: values.length - updated, updated, failed: allErrors.length, errors: allErrors };
}

const rowOf = (error: string) => Number(/^Row (\d+)/.exec(error)?.[1] ?? 0);

/** Finds a lab by id, slug, or name ignoring case (only `labId` when given). */
async function labFinder(labId?: string) {
  const rows: LabRow[] = await db
    .select({ id: labs.id, name: labs.name, slug: labs.slug, homeCollectionFeeFils: labs.homeCollectionFeeFils })
    .from(labs)
    .where(labId === undefined ? undefined : eq(labs.id, labId));
  const byId = new Map(rows.map((lab) => [lab.id, lab]));
  const bySlug = new Map(rows.map((lab) => [lab.slug.toLowerCase(), lab]));
  const byName = new Map(rows.map((lab) => [lab.name.trim().toLowerCase(), lab]));
  return (ref: Reference) => (ref.by === "id" ? byId : ref.by === "slug" ? bySlug : byName).get(ref.value.toLowerCase());
}

/** Finds the tests the rows name, in a few indexed queries: by id, slug, or name ignoring case (a name two tests share is ambiguous). */
async function testFinder(refs: Reference[]) {
  const wanted = (by: Reference["by"]) => [...new Set(refs.filter((ref) => ref.by === by).map((ref) => ref.value.toLowerCase()))];
  const byId = new Set<string>();
  const bySlug = new Map<string, string>();
  const byName = new Map<string, string | "ambiguous">();
  for (const chunk of chunks(wanted("id"))) {
    for (const row of await db.select({ id: tests.id }).from(tests).where(inArray(tests.id, chunk))) byId.add(row.id);
  }
  for (const chunk of chunks(wanted("slug"))) {
    for (const row of await db.select({ id: tests.id, slug: tests.slug }).from(tests).where(inArray(tests.slug, chunk))) bySlug.set(row.slug, row.id);
  }
  for (const chunk of chunks(wanted("name"))) {
    const rows = await db
      .select({ id: tests.id, name: sql<string>`lower(${tests.name})` })
      .from(tests)
      .where(inArray(sql`lower(${tests.name})`, chunk));
    for (const row of rows) byName.set(row.name, byName.has(row.name) ? "ambiguous" : row.id);
  }
  return (ref: Reference): string | "ambiguous" | undefined => {
    const value = ref.value.toLowerCase();
    if (ref.by === "id") return byId.has(value) ? value : undefined;
    return ref.by === "slug" ? bySlug.get(value) : byName.get(value);
  };
}

/** The offers the labs already have of these tests, keyed "labId:testId", locked for the import's transaction. */
async function existingOffers(pairs: { labId: string; testId: string }[], tx: Transaction) {
  const found = new Map<string, ExistingOffer>();
  const labIds = [...new Set(pairs.map((pair) => pair.labId))];
  if (labIds.length === 0) return found;
  for (const chunk of chunks([...new Set(pairs.map((pair) => pair.testId))])) {
    const rows = await tx
      .select()
      .from(labOffers)
      .where(and(inArray(labOffers.labId, labIds), inArray(labOffers.testId, chunk)))
      .for("update");
    for (const row of rows) found.set(`${row.labId}:${row.testId}`, row);
  }
  return found;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += LOOKUP_CHUNK) out.push(items.slice(start, start + LOOKUP_CHUNK));
  return out;
}
