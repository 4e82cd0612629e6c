// The admin dashboard's analytics at scale (issue 31, decision 0077): p95 of the dashboard's figures
// for each period, before the roll-ups (every day computed from the tables) and after them, on
// PostgreSQL, with the EXPLAIN plans saved beside this file.
//
//   createdb -h 127.0.0.1 -U postgres bench_analytics
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_analytics npx tsx scripts/generate-catalog.ts 100000 --sales
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_analytics npx tsx bench/analytics.ts [--runs 40] [--after-only] [--max-days N] [--http build]
//
// It times periodAnalytics() (everything the dashboard's loader asks for its analytics: both
// periods' figures, names, funnel, cash outstanding) in this process. `--http <build dir>` then
// starts the production server on the same database and times the whole page, /admin/dashboard
// for each period, as the demo admin, one request at a time. The machine-speed figure
// (bench/machine-speed.ts) is printed before and after.
import { writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { connect } from "~/db/client.server";
import { setConnection } from "~/db/db.server";
import { runMigrations } from "~/db/migrate.server";
import { factsQuery } from "~/modules/analytics/daily-facts.server";
import { periodAnalytics } from "~/modules/analytics/dashboard-analytics.server";
import { addDays, resolvePeriod } from "~/modules/analytics/days";
import { rollUpAnalytics } from "~/modules/analytics/rollup.server";
import { todayInDubai } from "~/utils/dubai-date";
import { fmt, parseArgs, signIn, startServer } from "./lib";
import { machineSpeedMs } from "./machine-speed";

const args = parseArgs();
const url = process.env.DATABASE_URL ?? args.get("database-url");
if (!url?.startsWith("postgres")) {
  console.error("Set DATABASE_URL to a PostgreSQL database filled by scripts/generate-catalog.ts --sales");
  process.exit(2);
}
const runs = Number(args.get("runs") ?? 40);
const connection = await connect({ driver: "pg", url, max: 4 });
setConnection(connection);
await runMigrations(connection, url);
const { db } = connection;

const today = todayInDubai();
const PERIODS = {
  today: new URLSearchParams({ period: "today" }),
  "7 days": new URLSearchParams({ period: "7d" }),
  "30 days": new URLSearchParams({ period: "30d" }),
  "this month": new URLSearchParams({ period: "month" }),
  "90 days (custom)": new URLSearchParams({ period: "custom", from: addDays(today, -89), to: today }),
  "365 days (custom)": new URLSearchParams({ period: "custom", from: addDays(today, -364), to: today }),
};

const count = async (table: string) => (await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0].n;
console.log(`orders ${await count("orders")}, bookings ${await count("bookings")}, refunds ${await count("payment_refunds")}, status changes ${await count("status_changes")}`);
console.log(`machine speed before: ${fmt(machineSpeedMs())} ms (lower is faster)`);

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Before the roll-ups a long period takes tens of seconds per run: those are measured after only. */
const LONGEST_BEFORE_DAYS = 31;

async function measure(label: string, times: number, maxDays = Infinity) {
  const rows: string[] = [];
  for (const [name, params] of Object.entries(PERIODS)) {
    const days = (Date.parse(resolvePeriod(params).to) - Date.parse(resolvePeriod(params).from)) / 86_400_000 + 1;
    if (days > maxDays) {
      rows.push(`| ${label} | ${name} | not measured (over ${maxDays} days) | |`);
      continue;
    }
    const period = resolvePeriod(params);
    await periodAnalytics(period); // warm
    const took: number[] = [];
    for (let i = 0; i < times; i++) {
      const start = performance.now();
      await periodAnalytics(period);
      took.push(performance.now() - start);
    }
    rows.push(`| ${label} | ${name} | ${fmt(percentile(took, 50))} | ${fmt(percentile(took, 95))} |`);
    console.log(rows.at(-1));
  }
  return rows;
}

async function explain(file: string, query: ReturnType<typeof sql>) {
  const result = await db.execute<{ "QUERY PLAN": string }>(sql`explain (analyze, buffers) ${query}`);
  writeFileSync(new URL(file, import.meta.url), `${result.rows.map((row) => row["QUERY PLAN"]).join("\n")}\n`);
  console.log(`  plan saved in bench/${file}`);
}

console.log("| roll-ups | period | p50 ms | p95 ms |\n|---|---|---|---|");
// --after-only: keep the days already rolled up (a second run, or two builds compared side by side).
const afterOnly = args.has("after-only");
const before: string[] = [];
if (!afterOnly) {
  // Before: nothing rolled up, every day of both periods computed from the tables.
  await db.execute(sql`delete from analytics_rolled_days`);
  await db.execute(sql`delete from analytics_daily_facts`);
  before.push(...(await measure("before", Math.max(3, Math.round(runs / 5)), LONGEST_BEFORE_DAYS)));
  await explain("analytics-explain-before-30d.txt", factsQuery(addDays(today, -59), today));
}

const rollStart = performance.now();
let rolled = 0;
for (let batch = await rollUpAnalytics(); batch.length > 0; batch = await rollUpAnalytics()) rolled += batch.length;
console.log(`  rolled up ${rolled} days in ${fmt((performance.now() - rollStart) / 1000)} s`);
await db.execute(sql`vacuum analyze analytics_daily_facts`);
await db.execute(sql`vacuum analyze analytics_rolled_days`);

// --max-days N: leave out the periods longer than N days (a quick comparison).
const after = await measure("after", runs, Number(args.get("max-days") ?? Infinity));
await explain(
  "analytics-explain-after-30d.txt",
  sql`select r.day::text as day, f.fact, f.key, f.n, f.fils
    from analytics_rolled_days r left join analytics_daily_facts f on f.day = r.day
    where r.day >= ${addDays(today, -59)}::date and r.day <= ${today}::date`,
);
await explain("analytics-explain-after-today.txt", factsQuery(today, today));
const http: string[] = [];
if (args.has("http")) {
  const server = await startServer({ buildDir: args.get("http") ?? "build", databaseUrl: url });
  try {
    const cookie = await signIn(server.url, "admin@labtesthub.ae", "LabAdmin#2026");
    for (const [name, params] of Object.entries(PERIODS)) {
      const page = `${server.url}/admin/dashboard?${params}`;
      const get = async () => {
        const response = await fetch(page, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
      };
      await get(); // warm
      const took: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        await get();
        took.push(performance.now() - start);
      }
      http.push(`| page (HTTP) | ${name} | ${fmt(percentile(took, 50))} | ${fmt(percentile(took, 95))} |`);
      console.log(http.at(-1));
    }
  } finally {
    await server.stop();
  }
}
console.log(`machine speed after: ${fmt(machineSpeedMs())} ms`);
console.log(["", "| roll-ups | period | p50 ms | p95 ms |", "|---|---|---|---|", ...before, ...after, ...http].join("\n"));
await connection.close();
