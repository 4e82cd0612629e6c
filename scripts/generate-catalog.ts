// Fills a PostgreSQL database with a large catalogue for the storefront benchmarks.
//   createdb -h 127.0.0.1 -U postgres bench
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx scripts/generate-catalog.ts [count=100000]
// Applies the migrations, loads the demo data when the database is empty, then adds generated
// tests (demo vocabulary x partner labs x variants) in batched inserts until the catalogue holds
// `count` tests, each offered by 2-8 of the active labs (about 5 offers per test, so 100,000 tests
// make about 500,000 offers) with its price set to the lowest offer (decision 0011). Run again
// with a larger count to grow it; it never deletes anything.
// Search (issue 30): the demo's synonyms and package contents are loaded when missing, and every
// generated package gets the contents of its demo package, linked to the generated tests of the
// same lab and variant (a database generated before issue 30 gets them on the next run).
// Analytics (issue 31): `--sales` then adds two years of sales, 300,000 orders and 1,000,000 bookings
// (`--orders N --bookings N` to change them), with their status changes and refunds
// (scripts/generate-sales.ts), for bench/analytics.ts.
import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { connect } from "~/db/client.server";
import { setConnection } from "~/db/db.server";
import { runMigrations } from "~/db/migrate.server";
import { labOffers, labs, testContents, tests, testCategories } from "~/db/schema";
import { databaseIsEmpty, seedDemoData } from "~/seed/demo-data.server";
import { seedDemoSearchTerms, seedDemoTestContents } from "~/seed/demo-search.server";
import { seedLabs, seedTestContents, seedTests } from "~/seed/seed-data";
import { demoOffersForTest, seededRandom, type DemoOffer } from "~/seed/demo-offers";
import { resultTimeHours } from "~/modules/catalog/result-time";
import { slugify } from "~/utils/slug";
import { aedToFils } from "~/utils/money";
import { generateSales } from "./generate-sales";

const url = process.env.DATABASE_URL;
if (!url?.startsWith("postgres")) {
  console.error("Set DATABASE_URL to a PostgreSQL database, e.g. postgres://postgres@127.0.0.1:5432/bench");
  process.exit(2);
}
const positional = process.argv.slice(2).filter((arg, index, all) => !arg.startsWith("--") && !all[index - 1]?.match(/^--(orders|bookings)$/));
const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : undefined;
};
const target = Number(positional[0] ?? 100_000);
const withSales = process.argv.includes("--sales");
const BATCH = 1_000;
const VARIANTS = ["", "Express", "Home Collection", "Walk-in", "Corporate", "Premium", "Basic", "Follow-up"];
const VARIANTS_AR = ["", "سريع", "سحب منزلي", "بدون موعد", "للشركات", "مميز", "أساسي", "متابعة"];
const RESULT_TIMES = [null, "Same day", "24 hours", "24-48 hours", "2-3 days", "3-5 days", "5-7 days", "1-2 weeks"];

const connection = await connect({ driver: "pg", url, max: 4 });
setConnection(connection);
await runMigrations(connection, url);
const { db } = connection;
if (await databaseIsEmpty(db)) {
  console.log("Empty database: loading the demo data first");
  await db.transaction((tx) => seedDemoData(tx));
}
const categoryIds = new Map((await db.select().from(testCategories)).map((c) => [c.name, c.id]));
const offerLabs = (await db.select().from(labs).where(eq(labs.isActive, true))).map((lab) => ({
  id: lab.id,
  homeCollection: lab.homeCollectionFeeFils !== null,
}));
const [{ n: existing }] = await db.select({ n: count() }).from(tests);
let offerTotal = 0;
const OFFER_BATCH = 2_000;
console.log(`${existing} tests present, target ${target}`);

const started = Date.now();
const now = Date.now();
for (let offset = existing; offset < target; offset += BATCH) {
  const rows = [];
  const offersOf = new Map<string, DemoOffer[]>();
  const random = seededRandom(offset + 1);
  for (let i = offset; i < Math.min(target, offset + BATCH); i++) {
    const seed = seedTests[i % seedTests.length];
    const round = Math.floor(i / seedTests.length);
    const lab = seedLabs[round % seedLabs.length];
    const variantIndex = Math.floor(round / seedLabs.length) % VARIANTS.length;
    const variant = VARIANTS[variantIndex];
    const name = `${seed.name} - ${lab.name}${variant ? ` ${variant}` : ""}`;
    const nameAr = seed.nameAr ? `${seed.nameAr} - ${lab.nameAr ?? lab.name}${variant ? ` ${VARIANTS_AR[variantIndex]}` : ""}` : null;
    // Mostly the demo's result time, sometimes another one or none, so every sort has ties and gaps.
    const resultTime = i % 7 === 0 ? RESULT_TIMES[i % RESULT_TIMES.length] : seed.resultTime;
    const createdAt = new Date(now - (target - i) * 60_000);
    const id = randomUUID();
    const listPriceFils = aedToFils(seed.priceAed) + ((i * 37) % 5_000);
    const offers = demoOffersForTest(random, listPriceFils, resultTimeHours(resultTime), offerLabs);
    offersOf.set(id, offers);
    rows.push({
      id,
      name,
      nameAr,
      slug: `${slugify(name)}-${i}`,
      description: seed.description,
      descriptionAr: seed.descriptionAr ?? null,
      priceFils: offers.length ? Math.min(...offers.map((offer) => offer.priceFils)) : listPriceFils,
      offerCount: offers.length,
      categoryId: categoryIds.get(seed.category) ?? null,
      resultTime,
      resultTimeHours: resultTimeHours(resultTime),
      preparationInstructions: seed.preparationInstructions,
      whyYouNeedThisTest: seed.whyYouNeedThisTest,
      cptCode: seed.cptCode,
      specimen: seed.specimen,
      transportTemperature: seed.transportTemperature,
      isFeatured: false,
      createdAt,
      updatedAt: createdAt,
    });
  }
  const inserted = await db.insert(tests).values(rows).onConflictDoNothing().returning({ id: tests.id });
  const offerRows = inserted.flatMap(({ id }) => (offersOf.get(id) ?? []).map((offer) => ({ ...offer, testId: id })));
  for (let start = 0; start < offerRows.length; start += OFFER_BATCH) {
    await db.insert(labOffers).values(offerRows.slice(start, start + OFFER_BATCH));
  }
  offerTotal += offerRows.length;
  if ((offset / BATCH) % 10 === 0) {
    console.log(`  ${offset + rows.length} tests, ${offerTotal} new offers (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}
const contentRows = await fillSearchData();
await db.execute(sql`vacuum analyze tests`);
await db.execute(sql`vacuum analyze lab_offers`);
await db.execute(sql`vacuum analyze test_contents`);
const [{ n: total }] = await db.select({ n: count() }).from(tests);
const [{ n: offersInAll }] = await db.select({ n: count() }).from(labOffers);
console.log(`Done: ${total} tests and ${offersInAll} offers (${offerTotal} new), ${contentRows} new package contents, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (withSales) await generateSales(db, { orders: option("orders"), bookings: option("bookings") });
await connection.close();

/**
 * The demo's synonyms and contents when missing, then the contents of generated packages: the
 * generated test number i is demo test i % N of round floor(i / N) (one lab and variant per round),
 * so a package's component is the demo component's number in the same round.
 */
async function fillSearchData() {
  const terms = await seedDemoSearchTerms(db);
  let added = await seedDemoTestContents(db);
  if (terms) console.log(`  ${terms} demo synonyms loaded`);
  const demoIndex = new Map(seedTests.map((test, index) => [test.name, index]));
  const contentsOf = new Map(seedTestContents.map((entry) => [demoIndex.get(entry.package)!, entry.contains]));
  const generated = new Map<number, string>();
  const { rows } = await db.execute<{ id: string; slug: string }>(sql`select id, slug from tests where name like '% - %' and slug ~ '-[0-9]+$'`);
  for (const row of rows) generated.set(Number(/-(\d+)$/.exec(row.slug)![1]), row.id);
  const { rows: filledRows } = await db.execute<{ id: string }>(sql`select distinct package_test_id as id from test_contents`);
  const filled = new Set(filledRows.map((row) => row.id));
  const batch: (typeof testContents.$inferInsert)[] = [];
  const flush = async () => {
    if (batch.length) await db.insert(testContents).values(batch.splice(0)).onConflictDoNothing();
  };
  for (const [index, packageId] of generated) {
    const seedIndex = index % seedTests.length;
    const contains = contentsOf.get(seedIndex);
    if (!contains || filled.has(packageId)) continue;
    const round = index - seedIndex;
    contains.forEach((analyte, position) => {
      const component = demoIndex.get(analyte);
      batch.push({ packageTestId: packageId, analyte, position, componentTestId: component === undefined ? null : (generated.get(round + component) ?? null) });
    });
    added += contains.length;
    if (batch.length >= 2_000) await flush();
  }
  await flush();
  return added;
}
