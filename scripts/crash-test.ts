// npm run test:crash [-- --only pglite|postgres] [-- --rounds N]
// Nothing lost: 20 customers place cash-on-delivery orders and Book Test bookings against the
// production server while it is killed with SIGKILL at a random moment and restarted, 5 times, on
// the embedded database and on PostgreSQL (a temporary database, skipped when no server answers).
// After each crash the database itself is read: every purchase that got a success answer is
// there with all its lines and bookings, no order is partial, slot counts match their bookings,
// and the webhook jobs queued before the crash are delivered after the restart. First, a lab's
// result upload is killed half-way and while stored (tests/crash/upload.ts). Exits 1 on any loss.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { connect, pgliteDataDir, type DatabaseConnection } from "~/db/client.server";
import { todayInDubai } from "~/utils/dubai-date";
import { Customer, pick, type Attempt } from "../tests/crash/customer";
import { freePort, ServerProcess, sleep } from "../tests/crash/server-process";
import { crashTestBookingIds, customerCount, inspect, pendingJobCount, prepareDatabase, walkInOffers, type Findings } from "../tests/crash/verify";
import { inspectUpload, prepareUploadBooking, runUploadCrashes } from "../tests/crash/upload";
import { WebhookReceiver } from "../tests/crash/webhook-receiver";

const CLIENTS = 20;
const ROUNDS = Number(argument("--rounds") ?? 5);
const ONLY = argument("--only");
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const POSTGRES_URL = process.env.CRASH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PASSWORD = "crash-test-password-1";
/** Acknowledged purchases a round waits for before the kill may come. */
const ACKNOWLEDGED_BEFORE_KILL = 10;
/** Kills of the result upload after the body was sent (one more comes half-way through it). */
const UPLOAD_KILLS = 3;
/** The job lease (jobs.server.ts): a job claimed by the killed process runs again once it expires. */
const LEASE_SECONDS = 60;

function argument(name: string) {
  const index = process.argv.indexOf(name);
  if (index >= 0) return process.argv[index + 1];
  return process.argv.find((arg) => arg.startsWith(`${name}=`))?.split("=")[1];
}

type Target = {
  name: "PGlite" | "PostgreSQL";
  /** Opens the database as it is now (PGlite: a copy of the folder, which the server may hold). */
  open: (copy: boolean) => Promise<DatabaseConnection>;
  databaseUrl?: string;
  env: Record<string, string>;
  cleanup: () => Promise<void>;
  /** PGlite: the lock file left by the killed server. */
  lockFile?: string;
  /** PGlite: its DATA_DIR, backed up under load with npm run backup. */
  dataDir?: string;
};

type Summary = {
  name: string;
  attempts: number;
  acknowledged: number;
  acknowledgedOrders: number;
  acknowledgedBookings: number;
  refused: number;
  inFlight: number;
  crashes: number;
  ordersFound: number;
  bookingsFound: number;
  lost: number;
  partial: number;
  slotMismatches: number;
  bookingsWithoutEvent: number;
  deliveriesPendingAtCrashes: number;
  deliveriesRunAfterRestart: number;
  finalPendingJobs: number;
  deadJobs: number;
  restartSeconds: number[];
  /** The result upload's kills and whether every version stayed whole. */
  uploads: string;
  /** PGlite: the backup taken under load, restored into a new folder. */
  backup: string;
  problems: string[];
};

function addDays(date: string, days: number) {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function ensureBuild() {
  if (existsSync(join(BUILD_DIR, "server", "index.js"))) return;
  console.log(`Building the app into ${BUILD_DIR}/ ...`);
  const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
  if (built.status !== 0) throw new Error("the build failed");
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function pgliteTarget(workDir: string): Target {
  const dataDir = join(workDir, "data");
  return {
    name: "PGlite",
    env: { DATA_DIR: dataDir },
    dataDir,
    lockFile: `${pgliteDataDir(dataDir)}.lock`,
    open: async (copy) => {
      if (!copy) return connect({ driver: "pglite", dataDir: pgliteDataDir(dataDir) });
      // The folder exactly as the killed server left it; opening the copy replays its WAL here,
      // while the server recovers the original on its own restart.
      const snapshot = join(workDir, `snapshot-${Date.now()}`);
      cpSync(pgliteDataDir(dataDir), join(snapshot, "pglite"), { recursive: true });
      const connection = await connect({ driver: "pglite", dataDir: join(snapshot, "pglite") });
      return {
        ...connection,
        close: async () => {
          await connection.close();
          rmSync(snapshot, { recursive: true, force: true });
        },
      };
    },
    cleanup: async () => {},
  };
}

async function postgresTarget(): Promise<Target> {
  const name = `labtest_crash_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    name: "PostgreSQL",
    databaseUrl,
    env: { DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: randomBytes(32).toString("hex"), RESULTS_ENCRYPTION_KEY: randomBytes(32).toString("hex") },
    open: () => connect({ driver: "pg", url: databaseUrl, max: 2 }),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function withDatabase<T>(target: Target, copy: boolean, work: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
  const connection = await target.open(copy);
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}

/** Runs one of our npm scripts the way an operator does (tsx), with extra environment. */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(join("node_modules", ".bin", "tsx"), [script, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.once("exit", (code) => resolve({ code, output: output.trim() }));
  });
}

/** Waits until the receiver has every booking's booking_created delivery; returns the seconds it took, or null. */
async function waitForDeliveries(receiver: WebhookReceiver, bookingIds: string[], timeoutMs: number) {
  const began = Date.now();
  while (Date.now() - began < timeoutMs) {
    if (bookingIds.every((id) => receiver.bookingIds.has(id))) return (Date.now() - began) / 1000;
    await sleep(100);
  }
  return null;
}

/** Waits until the database has no pending job but the recurring sweeps; returns the seconds it took, or null. */
async function waitForJobsDone(target: Target, timeoutMs: number) {
  const began = Date.now();
  while (Date.now() - began < timeoutMs) {
    if ((await withDatabase(target, false, pendingJobCount)) === 0) return (Date.now() - began) / 1000;
    await sleep(1_000);
  }
  return null;
}

function failures(findings: Findings) {
  const problems: string[] = [];
  if (findings.lostOrders.length) problems.push(`${findings.lostOrders.length} acknowledged orders missing or changed: ${findings.lostOrders.slice(0, 5).join(", ")}`);
  if (findings.lostBookings.length) problems.push(`${findings.lostBookings.length} acknowledged bookings missing or changed: ${findings.lostBookings.slice(0, 5).join(", ")}`);
  if (findings.partialOrders.length) problems.push(`${findings.partialOrders.length} partial orders: ${findings.partialOrders.slice(0, 5).join(", ")}`);
  if (findings.slotMismatches) problems.push(`${findings.slotMismatches} slots whose held count differs from their bookings`);
  if (findings.bookingsWithoutEvent) problems.push(`${findings.bookingsWithoutEvent} bookings without their booking_created job`);
  return problems;
}

/** npm run restore of the backup taken under load into a new folder, then the same checks on it. */
async function checkRestoredBackup(file: string, acknowledged: Attempt[], dataDir: string, problems: string[]) {
  const restored = await runScript("scripts/restore.ts", [file], { DATA_DIR: dataDir });
  if (restored.code !== 0) {
    problems.push(`npm run restore failed: ${restored.output}`);
    return "restore failed";
  }
  const findings = await (async () => {
    const connection = await connect({ driver: "pglite", dataDir: pgliteDataDir(dataDir) });
    try {
      return await inspect(connection, acknowledged, new Date());
    } finally {
      await connection.close();
    }
  })();
  const found = failures(findings);
  problems.push(...found.map((problem) => `restored backup: ${problem}`));
  console.log(`[PGlite] backup restored into a new folder: ${findings.orders} orders, ${findings.bookings} bookings; ` +
    `${acknowledged.length} purchases acknowledged before it began: ${found.length ? found.join("; ") : "all there, no partial order"}`);
  return found.length ? "LOSS" : `${acknowledged.length} of ${acknowledged.length}`;
}

async function runTarget(target: Target, workDir: string): Promise<Summary> {
  const summary: Summary = {
    name: target.name,
    attempts: 0,
    acknowledged: 0,
    acknowledgedOrders: 0,
    acknowledgedBookings: 0,
    refused: 0,
    inFlight: 0,
    crashes: 0,
    ordersFound: 0,
    bookingsFound: 0,
    lost: 0,
    partial: 0,
    slotMismatches: 0,
    bookingsWithoutEvent: 0,
    deliveriesPendingAtCrashes: 0,
    deliveriesRunAfterRestart: 0,
    finalPendingJobs: 0,
    deadJobs: 0,
    restartSeconds: [],
    uploads: "-",
    backup: "-",
    problems: [],
  };
  const say = (line: string) => console.log(`[${target.name}] ${line}`);
  const receiver = new WebhookReceiver();
  const webhookUrl = await receiver.start();
  const port = await freePort();
  const server = new ServerProcess({
    port,
    logFile: join(workDir, "server.log"),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      BUILD_DIR,
      SITE_URL: `http://127.0.0.1:${port}`,
      WEBHOOK_ALLOW_PRIVATE: "true",
      JOB_POLL_INTERVAL_MS: "200",
      SEED_DEMO_DATA: "true",
      LOG_LEVEL: "warn",
      // Every customer signs up from this machine's address.
      SIGN_UPS_PER_HOUR: "1000",
      // Each customer here buys unpaid until the kill, round after round: far past what one account
      // may hold on a real site (MAX_UNPAID_BOOKINGS_PER_ACCOUNT, MAX_SLOT_UNITS_PER_ACCOUNT, issue 25).
      MAX_UNPAID_BOOKINGS_PER_ACCOUNT: "1000",
      MAX_SLOT_UNITS_PER_ACCOUNT: "1000",
      ...target.env,
    },
  });

  try {
    await withDatabase(target, false, (connection) => prepareDatabase(connection, target.databaseUrl, webhookUrl));
    const firstStart = await server.start();
    say(`first start (migrations done, demo data seeded by start()): ${(firstStart / 1000).toFixed(1)} s`);

    const customers = Array.from({ length: CLIENTS }, (_, index) => new Customer(server.origin, `crash-${index}-${randomBytes(3).toString("hex")}@example.com`));
    await Promise.all(customers.map((customer) => customer.signUp(PASSWORD)));
    await server.stop();
    const { offers, signedUp, uploadBooking } = await withDatabase(target, false, async (connection) => ({
      offers: await walkInOffers(connection),
      signedUp: await customerCount(connection, customers.map((customer) => customer.email)),
      uploadBooking: await prepareUploadBooking(connection),
    }));
    if (offers.length < 2) throw new Error(`the seeded catalogue has ${offers.length} walk-in offers; the crash test needs at least 2`);
    if (signedUp !== CLIENTS) throw new Error(`${signedUp} of ${CLIENTS} customers were found after a graceful stop`);
    say(`${CLIENTS} customers signed up; ${offers.length} walk-in offers to buy; graceful stop and reopen: fine`);

    // A lab's 9 MB result upload killed half-way through its body, then while it is stored.
    const uploads = await runUploadCrashes(server, uploadBooking, () => withDatabase(target, true, (connection) => inspectUpload(connection, uploadBooking.bookingId)), UPLOAD_KILLS);
    summary.uploads = `${uploads.kills} kills, ${uploads.problems.length ? "LOSS" : "whole"}`;
    summary.problems.push(...uploads.problems.map((problem) => `result upload: ${problem}`));
    say(`result upload (${(uploads.uploadMs / 1000).toFixed(1)} s each) killed ${uploads.kills} times: half-way through the body, right after its answer, ` +
      `then at random moments (${uploads.acknowledgedBeforeKill} of them after the answer): ` +
      `${uploads.problems.length ? uploads.problems.join("; ") : "never a partial version or a stray object; the upload after the restarts reads back byte for byte"}`);

    const acknowledged: Attempt[] = [];
    const backupFile = join(workDir, "backup.tar.gz");
    let backupOf: Attempt[] = [];
    const today = todayInDubai();
    // Deliveries pending at a crash: the ones no dead worker holds run as soon as the restarted
    // worker polls; the ones the killed process had claimed wait for their lease to expire first.
    let waitFor: string[] = [];
    const leasedByTheDead: string[] = [];
    const pendingAtCrashes = new Set<string>();
    for (let round = 1; round <= ROUNDS + 1; round++) {
      const lockBefore = target.lockFile && existsSync(target.lockFile) ? readFileSync(target.lockFile, "utf8").trim() : null;
      const restart = await server.start();
      summary.restartSeconds.push(restart / 1000);
      const lockNote = lockBefore ? `, stale lock of dead pid ${lockBefore.split(/\s/)[0]} taken over` : "";

      const last = round === ROUNDS + 1;
      if (last) waitFor = [...new Set([...waitFor, ...leasedByTheDead])];
      if (waitFor.length) {
        const seconds = await waitForDeliveries(receiver, waitFor, last ? (LEASE_SECONDS + 30) * 1000 : 30_000);
        const missing = waitFor.filter((id) => !receiver.bookingIds.has(id)).length;
        if (seconds === null) summary.problems.push(`round ${round}: ${missing} deliveries queued before a crash did not run after the restart`);
        const what = last ? "deliveries queued before the crashes (leased ones included)" : "deliveries queued before the crash";
        say(`restart ${(restart / 1000).toFixed(1)} s${lockNote}; ${waitFor.length} ${what} ran ${seconds === null ? `except ${missing}` : `within ${seconds.toFixed(1)} s`}`);
      } else {
        say(`restart ${(restart / 1000).toFixed(1)} s${lockNote}`);
      }
      if (last) {
        // Every other job the killed processes held (notifications, order events) waits for its
        // lease too. PGlite frees all leases when it starts, so only a server database is polled.
        if (!target.dataDir) {
          const seconds = await waitForJobsDone(target, (LEASE_SECONDS + 30) * 1000);
          say(seconds === null ? "jobs still pending after the leases expired" : `every queued job done within ${seconds.toFixed(1)} s`);
        }
        break;
      }

      // 20 customers buying until the kill.
      let stopped = false;
      const thisRound: Attempt[] = [];
      const loadBegan = Date.now();
      const loops = customers.map(async (customer, index) => {
        for (let n = 0; !stopped; n++) {
          const key = `crash:${target.name}:r${round}:c${index}:${n}`;
          const date = addDays(today, 3 + Math.floor(Math.random() * 40));
          const first = pick(offers);
          const attempt =
            Math.random() < 0.6
              ? await customer.placeOrder(
                  key,
                  Math.random() < 0.5 ? [first] : [first, pick(offers.filter((offer) => offer.testId !== first.testId))],
                  date,
                )
              : await customer.bookTest(key, first, date);
          thisRound.push(attempt);
        }
      });
      const acknowledgedNow = () => thisRound.filter((attempt) => attempt.outcome === "ok").length;
      while (acknowledgedNow() < ACKNOWLEDGED_BEFORE_KILL && Date.now() - loadBegan < 60_000) await sleep(50);
      if (target.dataDir && round === ROUNDS) {
        // npm run backup while the customers keep buying: the server dumps its own folder.
        backupOf = [...acknowledged, ...thisRound.filter((attempt) => attempt.outcome === "ok")];
        const began = Date.now();
        const backup = await runScript("scripts/backup.ts", [backupFile], { DATA_DIR: target.dataDir, PORT: String(port) });
        if (backup.code !== 0) throw new Error(`npm run backup failed under load:\n${backup.output}`);
        say(`backup under load in ${((Date.now() - began) / 1000).toFixed(1)} s: ${backup.output.split("\n")[0]}`);
      }
      await sleep(Math.random() * 3_000);
      // No new purchase starts from here; the ones under way are cut off by the kill.
      stopped = true;
      const killedAt = new Date();
      await server.kill();
      await Promise.all(loops);
      summary.crashes++;

      acknowledged.push(...thisRound.filter((attempt) => attempt.outcome === "ok"));
      const ok = thisRound.filter((attempt) => attempt.outcome === "ok").length;
      const inFlight = thisRound.filter((attempt) => attempt.outcome === "no-answer").length;
      const refused = thisRound.filter((attempt) => attempt.outcome === "refused");
      summary.attempts += thisRound.length;
      summary.acknowledged += ok;
      summary.inFlight += inFlight;
      summary.refused += refused.length;

      const findings = await withDatabase(target, true, (connection) => inspect(connection, acknowledged, killedAt));
      const problems = failures(findings);
      // A round without a single acknowledged purchase proves nothing (e.g. every form refused).
      if (ok === 0) problems.push(`no purchase was acknowledged (${refused.length} refused): the round tested nothing`);
      summary.problems.push(...problems.map((problem) => `round ${round}: ${problem}`));
      const pendingIds = (leased: boolean) =>
        findings.pendingDeliveries.filter((delivery) => delivery.leased === leased && delivery.bookingId).map((delivery) => delivery.bookingId!);
      waitFor = pendingIds(false);
      leasedByTheDead.push(...pendingIds(true));
      const leased = pendingIds(true).length;
      [...waitFor, ...pendingIds(true)].forEach((id) => pendingAtCrashes.add(id));
      const refusedBy = [...new Set(refused.map((attempt) => `${attempt.step} ${attempt.outcome === "refused" ? attempt.status : ""}`))].join(", ");
      say(
        `round ${round}/${ROUNDS}: killed after ${((killedAt.getTime() - loadBegan) / 1000).toFixed(1)} s of load; ` +
          `${thisRound.length} attempts, ${ok} acknowledged, ${inFlight} in flight, ${refused.length} refused${refusedBy ? ` (${refusedBy})` : ""}; ` +
          `database: ${findings.orders} orders, ${findings.bookings} bookings, ${problems.length ? problems.join("; ") : "nothing lost, no partial order"}; ` +
          `${waitFor.length + leased} deliveries pending (${leased} leased by the killed process)`,
      );
    }

    if (target.dataDir) {
      const refused = await runScript("scripts/restore.ts", [backupFile], { DATA_DIR: target.dataDir });
      if (refused.code === 0 || !refused.output.includes("in use")) {
        summary.problems.push(`npm run restore did not refuse while the server runs: ${refused.output}`);
      }
    }
    summary.deliveriesPendingAtCrashes = pendingAtCrashes.size;
    summary.deliveriesRunAfterRestart = [...pendingAtCrashes].filter((id) => receiver.bookingIds.has(id)).length;

    // The end: a graceful stop, then everything checked once more, with every job run.
    await server.stop();
    const final = await withDatabase(target, false, async (connection) => ({
      findings: await inspect(connection, acknowledged, new Date()),
      bookingIds: await crashTestBookingIds(connection),
    }));
    summary.problems.push(...failures(final.findings).map((problem) => `final: ${problem}`));
    const undelivered = final.bookingIds.filter((id) => !receiver.bookingIds.has(id)).length;
    if (undelivered) summary.problems.push(`final: ${undelivered} bookings whose booking_created delivery never arrived`);
    if (final.findings.pendingJobs) summary.problems.push(`final: ${final.findings.pendingJobs} jobs still pending`);
    if (final.findings.deadJobs) summary.problems.push(`final: ${final.findings.deadJobs} jobs given up on`);
    summary.ordersFound = final.findings.orders;
    summary.bookingsFound = final.findings.bookings;
    summary.lost = final.findings.lostOrders.length + final.findings.lostBookings.length;
    summary.partial = final.findings.partialOrders.length;
    summary.slotMismatches = final.findings.slotMismatches;
    summary.bookingsWithoutEvent = final.findings.bookingsWithoutEvent;
    summary.finalPendingJobs = final.findings.pendingJobs;
    summary.deadJobs = final.findings.deadJobs;
    if (target.dataDir) summary.backup = await checkRestoredBackup(backupFile, backupOf, join(workDir, "restored"), summary.problems);
    summary.acknowledgedOrders = acknowledged.filter((attempt) => attempt.kind === "order").length;
    summary.acknowledgedBookings = acknowledged.filter((attempt) => attempt.kind === "booking").length;
    say(`${receiver.deliveries} webhook deliveries received for ${receiver.bookingIds.size} bookings (a job cut off by a crash is delivered again)`);
  } catch (error) {
    summary.problems.push((error as Error).message);
    console.error(`[${target.name}] server log (last lines):\n${server.logTail()}`);
  } finally {
    await server.kill();
    await receiver.close();
  }
  return summary;
}

function printSummaries(summaries: Summary[]) {
  const rows: [string, (summary: Summary) => string | number][] = [
    ["crashes (kill -9 under load)", (s) => s.crashes],
    ["purchases attempted", (s) => s.attempts],
    ["success answers (orders + bookings)", (s) => `${s.acknowledged} (${s.acknowledgedOrders} + ${s.acknowledgedBookings})`],
    ["refused (slot full, closed day)", (s) => s.refused],
    ["in flight at a crash (no answer)", (s) => s.inFlight],
    ["orders / bookings in the database", (s) => `${s.ordersFound} / ${s.bookingsFound}`],
    ["acknowledged but lost", (s) => s.lost],
    ["partial orders", (s) => s.partial],
    ["slot counts off", (s) => s.slotMismatches],
    ["bookings without their webhook job", (s) => s.bookingsWithoutEvent],
    ["deliveries pending at crashes / run after restart", (s) => `${s.deliveriesPendingAtCrashes} / ${s.deliveriesRunAfterRestart}`],
    ["jobs pending / dead at the end", (s) => `${s.finalPendingJobs} / ${s.deadJobs}`],
    ["result upload killed mid-way", (s) => s.uploads],
    ["backup under load: acknowledged found after restore", (s) => s.backup],
    ["restart after kill -9 (s, max)", (s) => (s.restartSeconds.length > 1 ? Math.max(...s.restartSeconds.slice(1)).toFixed(1) : "-")],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\nCrash test: ${CLIENTS} clients, ${ROUNDS} kills per database\n`);
  console.log(`${"".padEnd(width)}  ${summaries.map((s) => s.name.padStart(12)).join("  ")}`);
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${summaries.map((s) => String(value(s)).padStart(12)).join("  ")}`);
}

ensureBuild();
const began = Date.now();
const summaries: Summary[] = [];
if (!ONLY || ONLY === "pglite") {
  const workDir = mkdtempSync(join(tmpdir(), "labtest-crash-"));
  summaries.push(await runTarget(pgliteTarget(workDir), workDir));
  if (!summaries.at(-1)?.problems.length) rmSync(workDir, { recursive: true, force: true });
  else console.error(`PGlite folder and server log kept in ${workDir}`);
}
if (!ONLY || ONLY === "postgres") {
  if (await postgresReachable()) {
    const workDir = mkdtempSync(join(tmpdir(), "labtest-crash-"));
    const target = await postgresTarget();
    try {
      summaries.push(await runTarget(target, workDir));
    } finally {
      await target.cleanup();
    }
    if (!summaries.at(-1)?.problems.length) rmSync(workDir, { recursive: true, force: true });
    else console.error(`PostgreSQL server log kept in ${workDir}`);
  } else {
    console.log(`PostgreSQL: skipped, no server reachable at ${POSTGRES_URL.replace(/\/\/[^@]*@/, "//")} (set CRASH_POSTGRES_URL)`);
  }
}
if (summaries.length) printSummaries(summaries);
console.log(`\nTook ${((Date.now() - began) / 1000).toFixed(0)} s.`);
const problems = summaries.flatMap((summary) => summary.problems.map((problem) => `${summary.name}: ${problem}`));
if (problems.length) {
  console.error(`\nFAILED:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
console.log("Nothing lost.");
