// Fills a PostgreSQL database with a large catalogue for the storefront benchmarks.
//   createdb -h 127.0.0.1 -U postgres bench
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx scripts/generate-catalog.ts [count=100000]
// Applies the migrations, loads the demo data when the database is empty, then adds generated
// tests (demo vocabulary x partner labs x variants) in batched inserts until the catalogue holds
// `count` tests, each offered by 2-8 of the active labs (about 5 offers per test, so 100,000 tests
// make about 500,000 offers) with its price set to the lowest offer (decision 0011). Run again
// with a larger count to grow it; it never deletes anything.
import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { connect } from "~/db/client.server";
import { setConnection } from "~/db/db.server";
import { runMigrations } from "~/db/migrate.server";
import { labOffers, labs, tests, testCategories } from "~/db/schema";
import { databaseIsEmpty, seedDemoData } from "~/seed/demo-data.server";
import { seedLabs, seedTests } from "~/seed/seed-data";
import { demoOffersForTest, seededRandom, type DemoOffer } from "~/seed/demo-offers";
import { resultTimeHours } from "~/modules/catalog/result-time";
import { slugify } from "~/utils/slug";
import { aedToFils } from "~/utils/money";

const url = process.env.DATABASE_URL;
if (!url?.startsWith("postgres")) {
  console.error("Set DATABASE_URL to a PostgreSQL database, e.g. postgres://postgres@127.0.0.1:5432/bench");
  process.exit(2);
}
const target = Number(process.argv[2] ?? 100_000);
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
await db.execute(sql`vacuum analyze tests`);
await db.execute(sql`vacuum analyze lab_offers`);
const [{ n: total }] = await db.select({ n: count() }).from(tests);
const [{ n: offersInAll }] = await db.select({ n: count() }).from(labOffers);
console.log(`Done: ${total} tests and ${offersInAll} offers (${offerTotal} new) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await connection.close();
