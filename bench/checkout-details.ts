// How long checkout's details step takes for a cart of N lines (issue 25: 287 lines took 1.5-2.3 s
// alone and 6 s under 5 parallel requests, since each line sent its own queries to the embedded
// database, which runs one at a time). In process, on a fresh in-memory PGlite with the demo
// catalogue; no server, no network.
//   npx tsx bench/checkout-details.ts [--lines 20] [--rounds 15] [--parallel 5]
// Prints, for the details step (the page: each line's labs and slots) and its answer (saving and
// checking each line's choices): the statements sent, the median and p90 time of one request
// alone, and the time until `parallel` requests at once have all answered.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { connect, type Database } from "~/db/client.server";
import { setConnection } from "~/db/db.server";
import { runMigrations } from "~/db/migrate.server";
import * as schema from "~/db/schema";
import { seedDemoData } from "~/seed/demo-data.server";
import { checkoutLineViews, saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { machineSpeedMs } from "./machine-speed";
import { parseArgs } from "./lib";

const args = parseArgs();
const LINES = Number(args.get("lines") ?? 20);
const ROUNDS = Number(args.get("rounds") ?? 15);
const PARALLEL = Number(args.get("parallel") ?? 5);

const connection = await connect({ driver: "pglite", dataDir: "memory://" });
await runMigrations(connection);
let statements = 0;
const client = (connection.db as unknown as { $client: PGlite }).$client;
const db = drizzle(client, { schema, logger: { logQuery: () => void statements++ } }) as unknown as Database;
setConnection({ ...connection, db });
await seedDemoData(db);

// A customer whose cart holds LINES tests that labs offer and that ask for no referral (issue 26:
// the details step would stop at the missing referrals; written directly: the cart's own
// writes cap it at 20 lines since issue 25, and an older cart may hold more).
const userId = crypto.randomUUID();
await db.insert(schema.user).values({ id: userId, email: `bench-${userId}@example.com`, name: "Bench", emailVerified: true });
const offered = await db.execute<{ id: string }>(sql`select id from tests where offer_count > 0 and referral_requirement = 'none' order by name limit ${LINES}`);
if (offered.rows.length < LINES) throw new Error(`The demo catalogue has only ${offered.rows.length} tests with offers`);
await db.insert(schema.cartItems).values(offered.rows.map((row) => ({ userId, testId: row.id, quantity: 1 })));

const date = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const details = { patientName: "Bench", patientEmail: "bench@example.com", patientPhone: null, notes: null, scheduledDate: date, scheduledTime: "09:00" };

async function measure(label: string, run: () => Promise<unknown>) {
  await run(); // warm: the code is compiled and the statements planned once
  statements = 0;
  await run();
  const perRequest = statements;
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const start = performance.now();
  await Promise.all(Array.from({ length: PARALLEL }, run));
  const parallel = performance.now() - start;
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))].toFixed(1);
  console.log(
    `${label.padEnd(24)} ${String(perRequest).padStart(5)} statements   alone: median ${at(0.5)} ms, p90 ${at(0.9)} ms   ${PARALLEL} at once: ${parallel.toFixed(0)} ms`,
  );
}

console.log(`checkout with ${LINES} cart lines (PGlite in memory, demo catalogue, ${ROUNDS} rounds)`);
await measure("details step", () => checkoutLineViews(userId, date));
await measure("details step's answer", () => saveAndCheckLineChoices(userId, details, {}));
console.log(`machine speed: ${machineSpeedMs().toFixed(2)} ms for the reference render (lower is faster)`);
await connection.close();
