// Results at scale (issue 28): a lab member uploads a 10 MB PDF, a patient downloads it, and the
// patient's results pages with 50 results and 10 trends, each at 20 concurrent clients, on
// PostgreSQL through the production server. Target: p95 under 100 ms.
//
//   npm run build
//   createdb -h 127.0.0.1 -U postgres bench_results
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_results npx tsx bench/results.ts [--seconds 15] [--clients 20] \
//     [--only trends] [--cpu-prof /tmp/profiles] [--checkout ../other-checkout] [--processes 2] [--node /path/to/node]
//
// `--node` runs the server on that Node.js binary (production runs Node 24: decision 0019).
// `--checkout` serves another checkout's build (its own `npm run build`) on the same data, for a
// before-and-after. `--only` measures the requests whose name contains that text; `--cpu-prof` runs the server with
// Node's --cpu-prof and leaves its profile in that folder (read it with Chrome's DevTools).
// The data is made in this process (a partner lab, one patient with 50 released results of ten
// values each, 20 collected bookings awaiting a result), then the server is started on the same
// database with the same results key. The machine-speed figure (bench/machine-speed.ts) is
// printed before and after: compare runs only at similar machine speed. Each row has the CPU time
// per request of the server's processes and of PostgreSQL's (the whole cluster's, from /proc).
import { randomBytes } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import { execFileSync } from "node:child_process";
import { cpuMillis, fmt, parseArgs, runLoad, signIn, startServer } from "./lib";
import { nodeVersion } from "./cpu";
import { machineSpeedMs } from "./machine-speed";

const args = parseArgs();
const url = process.env.DATABASE_URL ?? args.get("database-url");
if (!url?.startsWith("postgres")) {
  console.error("Set DATABASE_URL to an empty PostgreSQL database (createdb bench_results)");
  process.exit(2);
}
const seconds = Number(args.get("seconds") ?? 15);
const clients = Number(args.get("clients") ?? 20);
const only = args.get("only")?.toLowerCase();
const profileDir = args.get("cpu-prof");
const checkout = args.get("checkout");
// Server processes (WEB_CONCURRENCY), as a deployment on PostgreSQL runs one per core.
const processes = Number(args.get("processes") ?? 1);
const node = args.get("node");
const RESULTS = 50;
const AWAITING = clients;
const REPORT_BYTES = 10 * 1024 * 1024 - 64 * 1024;
// The server decrypts what this process encrypted: one key for both.
process.env.RESULTS_ENCRYPTION_KEY = randomBytes(32).toString("hex");

const { connect } = await import("~/db/client.server");
const { setConnection } = await import("~/db/db.server");
const { runMigrations } = await import("~/db/migrate.server");
const connection = await connect({ driver: "pg", url, max: 4 });
setConnection(connection);
await runMigrations(connection, url);
const { partnerLab, codBooking, dubaiDayAhead } = await import("../tests/fakes/partner-lab");
const { collectedBooking, scopeOf, samplePdf } = await import("../tests/fakes/results");
const { releaseResult, uploadResult } = await import("~/modules/results/lab-results.server");
const { parseValuesFhir } = await import("~/modules/results/result-import");

/** A FHIR Bundle of ten analytes (ten trends across the results), their values moving with `round`. */
function tenValues(round: number) {
  const observations = Array.from({ length: 10 }, (_, index) => ({
    fullUrl: `urn:uuid:7d2f0a3e-4a51-4a8a-9c53-0000000000${String(index).padStart(2, "0")}`,
    resource: {
      resourceType: "Observation",
      status: "final",
      code: { coding: [{ system: "http://loinc.org", code: `${1000 + index}-${index}` }], text: `Analyte ${index + 1}` },
      valueQuantity: { value: 50 + index + (round % 7), unit: "mg/dL" },
      referenceRange: [{ low: { value: 40 }, high: { value: 60 } }],
    },
  }));
  const report = {
    resource: { resourceType: "DiagnosticReport", status: "final", code: { text: "Bench panel" }, result: observations.map((o) => ({ reference: o.fullUrl })) },
  };
  const parsed = parseValuesFhir(JSON.stringify({ resourceType: "Bundle", type: "collection", entry: [...observations, report] }));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.values;
}

/** A real PDF padded to `bytes` with a comment (the upload checks the header, not the page). */
const bigPdf = (bytes: number) => Buffer.concat([samplePdf(), Buffer.alloc(bytes, "%")]);

console.log(`machine speed before: ${fmt(machineSpeedMs())} ms (lower is faster)`);
const setupStart = performance.now();
const partner = await partnerLab(`Bench Lab ${Date.now().toString(36)}`);
const scope = scopeOf(partner);
// Walk-in slots of 30 minutes from 07:00 to 21:00: each booking its own slot, so nothing is refused.
const slotOf = (index: number) => {
  const minutes = 7 * 60 + (index % 28) * 30;
  return { date: dubaiDayAhead(1 + Math.floor(index / 28)), time: `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}` };
};
const first = await codBooking(partner, slotOf(0));
const customer = first.customer;
const released: string[] = [];
for (let index = 0; index < RESULTS; index++) {
  const made = index === 0 ? first : await codBooking(partner, { ...slotOf(index), customer });
  await collectedBooking(partner, 2, made);
  await uploadResult(scope, { bookingId: made.booking.id, pdf: index === 0 ? bigPdf(REPORT_BYTES) : samplePdf(`result ${index}`), values: tenValues(index) });
  await releaseResult(scope, made.booking.id);
  released.push(made.booking.id);
}
const awaiting: string[] = [];
for (let index = 0; index < AWAITING; index++) {
  const made = await codBooking(partner, { ...slotOf(RESULTS + index), customer });
  await collectedBooking(partner, 2, made);
  awaiting.push(made.booking.id);
}
const { rows: releasedResults } = await connection.db.execute<{ id: string; bookingId: string }>(
  (await import("drizzle-orm")).sql`select id, booking_id as "bookingId" from results where released_at is not null order by created_at`,
);
const releasedIds = releasedResults.map((result) => result.id);
const bigResultId = releasedResults.find((result) => result.bookingId === released[0])!.id;
console.log(`setup: ${RESULTS} released results, ${AWAITING} awaiting, in ${fmt((performance.now() - setupStart) / 1000)} s`);
await connection.close();

const server = await startServer({
  buildDir: "build",
  cwd: checkout,
  databaseUrl: url,
  processes,
  env: { RESULTS_ENCRYPTION_KEY: process.env.RESULTS_ENCRYPTION_KEY },
  nodeArgs: profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [],
  node,
});
const table: string[] = [];
type Measured = { count: number; errors: number; rps: number; p50: number; p95: number; p99: number };
// PostgreSQL's CPU (the postmaster and its backends) beside the server's: both share the two cores.
const postgres = (() => {
  try {
    return Number(execFileSync("pgrep", ["-xo", "postgres"], { encoding: "utf8" }).trim()) || null;
  } catch {
    return null;
  }
})();
const cpuNow = () => ({ server: cpuMillis(server.pid), postgres: postgres ? cpuMillis(postgres) : NaN });
const row = async (name: string, measure: () => Promise<Measured>) => {
  if (only && !name.toLowerCase().includes(only)) return;
  const before = cpuNow();
  const result = await measure();
  const after = cpuNow();
  const perRequest = (ms: number) => fmt(ms / result.count, 2);
  table.push(
    `| ${name} | ${result.count} | ${result.errors} | ${fmt(result.rps)} | ${fmt(result.p50)} | ${fmt(result.p95)} | ${fmt(result.p99)} | ${perRequest(after.server - before.server)} | ${perRequest(after.postgres - before.postgres)} |`,
  );
  console.log(table.at(-1));
};
try {
  const patient = await signIn(server.url, customer.email, customer.password);
  const staff = await signIn(server.url, partner.staff.email, partner.staff.password);
  // Since the overview sums each analyte up, its 50 values are on the analyte's own page (none before).
  const overview = await fetch(new URL("/dashboard/results/trends", server.url), { headers: { cookie: patient } }).then((response) => response.text());
  const trendPath = /href="(\/dashboard\/results\/trends\/[\w-]+)"/.exec(overview)?.[1];
  const pages: [string, string[]][] = [
    ["My Results (50 results)", ["/dashboard/results"]],
    ["Trends (10 analytes x 50)", ["/dashboard/results/trends"]],
    ...(trendPath ? [["One trend (50 values)", [trendPath]] as [string, string[]]] : []),
    ["One result (10 values)", [`/dashboard/results/${bigResultId}`]],
    // The patient's results in turn: each view's log entry goes to another result, as when
    // different patients read their own (the row above piles every entry onto one result's log).
    ["One result, the 50 in turn", releasedIds.map((id) => `/dashboard/results/${id}`)],
  ];
  // Every page is loaded for a second first, so the first row measured does not pay for compiling
  // the code the pages share.
  for (const [name, urls] of pages) {
    const warm = await runLoad(server.url, urls, { clients, seconds: 1, cookie: patient });
    if (warm.errors > 0) throw new Error(`${name} answered errors while warming: ${server.log()}`);
  }
  for (const [name, urls] of pages) await row(name, () => runLoad(server.url, urls, { clients, seconds, cookie: patient }));
  await row("Download of the 10 MB PDF", () => runLoad(server.url, [`/results/${bigResultId}/report?v=1`], { clients, seconds, cookie: patient }));
  await row("Upload of a 10 MB PDF (draft)", () => uploads(server.url, staff, partner.lab.id, awaiting, bigPdf(REPORT_BYTES)));
} finally {
  await server.stop();
}
console.log(`machine speed after: ${fmt(machineSpeedMs())} ms`);
console.log(["", `${clients} clients, ${seconds} s each, PostgreSQL, ${processes} server process${processes > 1 ? "es" : ""} on Node ${nodeVersion(node)}`, "| request | count | errors | req/s | p50 ms | p95 ms | p99 ms | server CPU ms | PostgreSQL CPU ms |", "|---|---|---|---|---|---|---|---|---|", ...table].join("\n"));

/** Each client uploads the PDF to its own booking again and again (a draft is replaced) for `seconds`. */
async function uploads(base: string, cookie: string, labId: string, bookingIds: string[], pdf: Buffer) {
  // The form's anti-CSRF token, from the page that shows it.
  const page = await fetch(new URL(`/partner/${labId}/results/${bookingIds[0]}`, base), { headers: { cookie } }).then((response) => response.text());
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
  if (!csrf) throw new Error("no csrf field on the lab's result page");
  const boundary = `----bench${randomBytes(8).toString("hex")}`;
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(part("csrf", csrf) + part("intent", "upload") + part("valuesSource", "none")),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="report"; filename="report.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const agent = new Agent({ keepAlive: true, maxSockets: bookingIds.length });
  const latencies: number[] = [];
  let errors = 0;
  let firstError = "";
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const post = (bookingId: string) =>
    new Promise<number>((resolve, reject) => {
      const target = new URL(`/partner/${labId}/results/${bookingId}`, base);
      const req = httpRequest(
        target,
        {
          agent,
          method: "POST",
          headers: { cookie, origin: base, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": body.length },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk) => (text = (text + chunk).slice(0, 300)));
          response.on("end", () => {
            if ((response.statusCode ?? 0) >= 400 && !firstError) firstError = `${response.statusCode}: ${text}`;
            resolve(response.statusCode ?? 0);
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  await Promise.all(
    bookingIds.map(async (bookingId) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const status = await post(bookingId).catch(() => 0);
        // The action answers its toast (200) or the document redirect (204/302) on success.
        if (status === 0 || status >= 400) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  agent.destroy();
  if (firstError) console.log(`  first refused upload: ${firstError}`);
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { count: latencies.length, errors, rps: latencies.length / ((performance.now() - started) / 1000), p50: at(50), p95: at(95), p99: at(99) };
}
