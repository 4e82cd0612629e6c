// How long the admin offer import takes for 10,000 rows (5 labs x 2,000 tests), first as inserts and
// then as updates. The target is under 10 seconds for the inserts. In process, on a fresh in-memory
// PGlite; no server, no network.
//   npx tsx bench/offer-import.ts [--labs 5] [--tests 2000]
import { performance } from "node:perf_hooks";
import Papa from "papaparse";
import { connect } from "~/db/client.server";
import { setConnection } from "~/db/db.server";
import { runMigrations } from "~/db/migrate.server";
import { tests } from "~/db/schema";
import { importOffers } from "~/modules/import-export/import-offers.server";
import { insertLab } from "~/seed/factories.server";
import { machineSpeedMs } from "./machine-speed";
import { parseArgs } from "./lib";

const args = parseArgs();
const LABS = Number(args.get("labs") ?? 5);
const TESTS = Number(args.get("tests") ?? 2000);

const connection = await connect({ driver: "pglite", dataDir: "memory://" });
await runMigrations(connection);
setConnection(connection);
const { db } = connection;

const labRows = await Promise.all(Array.from({ length: LABS }, (_, n) => insertLab(db, { name: `Bench Lab ${n}`, slug: `bench-lab-${n}` })));
const testIds: string[] = [];
for (let start = 0; start < TESTS; start += 500) {
  const rows = await db
    .insert(tests)
    .values(Array.from({ length: Math.min(500, TESTS - start) }, (_, i) => ({ name: `Bench Test ${start + i}`, slug: `bench-test-${start + i}`, priceFils: 10000 })))
    .returning({ id: tests.id });
  testIds.push(...rows.map((row) => row.id));
}
const csv = Papa.unparse(
  labRows.flatMap((lab, l) =>
    testIds.map((testId, t) => ({ lab_slug: lab.slug, test_id: testId, price: ((5000 + ((t * 7 + l * 13) % 5000)) / 100).toFixed(2), result_hours: 24 })),
  ),
);
const rows = LABS * TESTS;

for (const label of ["inserts", "updates"]) {
  const started = performance.now();
  const outcome = await importOffers(new File([csv], "offers.csv"));
  const seconds = (performance.now() - started) / 1000;
  if (!outcome.ok) throw new Error(`the import failed: ${JSON.stringify(outcome)}`);
  console.log(`offer import: ${rows.toLocaleString("en")} rows as ${label} in ${seconds.toFixed(2)} s${label === "inserts" && seconds >= 10 ? "  (over the 10 s target)" : ""}`);
}
console.log(`machine speed: ${machineSpeedMs().toFixed(2)} ms for the reference render (lower is faster)`);
await connection.close();
