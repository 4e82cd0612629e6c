// npm run scan [-- --modules LIST] [--report FILE] [--crawl-seconds 180] [--attack-seconds 75]
//
// Runs Debian's wapiti web-vulnerability scanner (apt install wapiti) against a local production
// server signed in as the demo customer, prints its findings by severity, and exits 1 when one of
// medium severity or higher remains (2 when the scan itself could not run). Steps: build into
// BUILD_DIR (default build-scan) when the sources are newer than the build; start the server on a
// free port with a fresh embedded database holding the demo data; sign in through the sign-in
// form; crawl and attack the site with that session, never following sign-out. 10 to 15 minutes.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { DEMO_ACCOUNTS } from "~/seed/demo-data.server";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);

/**
 * wapiti's default modules without ssrf (it needs wapiti's public endpoint on the internet; the
 * only outbound requests, webhooks, are admin-only and checked in their own tests), plus the
 * checks for forms without CSRF defence, header injection, unexpected methods and XML entities.
 */
const MODULES = args.get("modules") ?? "common,-ssrf,csrf,crlf,methods,xxe";
/** Crawling stops after this long; each attack module after MAX_ATTACK_SECONDS. */
const MAX_CRAWL_SECONDS = Number(args.get("crawl-seconds") ?? 180);
const MAX_ATTACK_SECONDS = Number(args.get("attack-seconds") ?? 75);
const BUILD_DIR = process.env.BUILD_DIR ?? "build-scan";
const LEVELS = ["info", "low", "medium", "high", "critical"] as const;
const FAILING_LEVEL = 2;

const workDir = mkdtempSync(join(tmpdir(), "labtest-scan-"));
const reportPath = resolve(args.get("report") ?? join(workDir, "wapiti-report.json"));
const serverLog = join(workDir, "server.log");
let server: ChildProcess | undefined;
let wapiti: ChildProcess | undefined;

function fail(message: string): never {
  console.error(`\nScan not run: ${message}`);
  throw new ScanAborted();
}
class ScanAborted extends Error {}

/** The Python that runs wapiti: its launcher's interpreter. */
function wapitiPython() {
  const found = spawnSync("sh", ["-c", "command -v wapiti"], { encoding: "utf8" }).stdout.trim();
  if (!found) fail("wapiti is not installed (Debian: apt install wapiti).");
  const shebang = readFileSync(found, "utf8").split("\n")[0];
  return shebang.startsWith("#!") ? shebang.slice(2).trim().split(" ")[0] : "python3";
}

function newestSource(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestSource(join(path, name))));
}

function buildIfStale() {
  const built = join(BUILD_DIR, "server", "index.js");
  const sources = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"].filter(existsSync);
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestSource))) return;
  console.log(`Building into ${BUILD_DIR}...`);
  const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
  if (build.status !== 0) fail("the build failed.");
}

function freePort() {
  return new Promise<number>((done, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : reject(new Error("no port"))));
    });
  });
}

async function startServer(port: number, base: string) {
  const log = createWriteStream(serverLog);
  server = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: base,
      DATA_DIR: join(workDir, "data"),
      BUILD_DIR,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) fail(`the server stopped at start-up (see ${serverLog}).`);
    const ready = await fetch(`${base}/readyz`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((wait) => setTimeout(wait, 500));
  }
  fail(`the server did not become ready within 2 minutes (see ${serverLog}).`);
}

/** Signs in through the sign-in form, as a browser without JavaScript would; returns the session cookies. */
async function signIn(base: string) {
  const { email, password } = DEMO_ACCOUNTS.customer;
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-in", email, password }),
    // A write without an Origin is refused (server/cross-site-writes.ts), as a browser always sends one.
    headers: { Origin: base },
    redirect: "manual",
  });
  const cookies = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0].split("="))
    .filter(([name]) => name.startsWith("better-auth."))
    .map(([name, ...value]) => ({ name, value: value.join("=") }));
  if (response.status !== 302 || cookies.length === 0) fail(`signing in as ${email} answered ${response.status}.`);
  return cookies;
}

type Cookie = { name: string; value: string };
const cookieHeader = (cookies: Cookie[]) => cookies.map(({ name, value }) => `${name}=${value}`).join("; ");

async function signedIn(base: string, cookies: Cookie[]) {
  const response = await fetch(`${base}/dashboard`, { headers: { cookie: cookieHeader(cookies) }, redirect: "manual" });
  return response.status === 200;
}

/** wapiti's cookie file (-c): domain, then path, then cookie name. */
function writeCookieFile(cookies: Cookie[]) {
  const path = join(workDir, "cookies.json");
  const byName = Object.fromEntries(
    cookies.map(({ name, value }) => [name, { value, expires: null, secure: false, port: null, version: 0 }]),
  );
  writeFileSync(path, JSON.stringify({ "127.0.0.1": { "/": byName } }));
  return path;
}

/**
 * wapiti 3.0.4 builds its exclusion patterns (-x) with a regular expression Python 3.11 refuses
 * ("global flags not at the start"): start it with that one function replaced.
 */
const LAUNCHER = `
import re, sys
import wapitiCore.net.crawler as crawler
def wildcard_translate(pattern):
    return re.compile("(?ms)" + "".join(".*" if char == "*" else re.escape(char) for char in pattern) + r"\\Z")
crawler.wildcard_translate = wildcard_translate
from wapitiCore.main.wapiti import wapiti_main
sys.argv[0] = "wapiti"
sys.exit(wapiti_main())
`;

/** The booking form's page of the first test on the home page: its form is the customer's main write. */
async function bookingPage(base: string, cookie: string) {
  const home = await fetch(`${base}/`, { headers: { cookie } }).then((response) => response.text());
  const product = /href="(\/product\/[^"?#]+)"/.exec(home)?.[1];
  if (!product) return [];
  const page = await fetch(base + product, { headers: { cookie } }).then((response) => response.text());
  const booking = /href="(\/book\/[^"?#]+)/.exec(page)?.[1];
  return booking ? [booking] : [];
}

async function runWapiti(base: string, cookies: Cookie[]) {
  const cookie = cookieHeader(cookies);
  // Start points: the pages a crawler might reach late or past its per-folder limit, the booking
  // page first so that its form is queued early.
  const startPaths = [...(await bookingPage(base, cookie)), "/dashboard", "/cart", "/profile", "/checkout", "/search", "/labs"];
  const wapitiArgs = [
    ["-u", `${base}/`],
    ["--scope", "folder"],
    ["-c", writeCookieFile(cookies)],
    ...startPaths.map((path) => ["-s", base + path]),
    // Signing out would end the session the rest of the scan needs; the hashed bundles hold no links.
    ...["/auth/sign-out*", "/api/auth/sign-out*", "/assets/*"].map((path) => ["-x", base + path]),
    // A few pages of each kind (products, labs, bookings...): the attacks then reach every kind in time.
    ["--max-files-per-dir", "30"],
    // wapiti asks for Brotli, which Debian's package cannot decode: it would see no links at all.
    ["-H", "Accept-Encoding: gzip, deflate"],
    // The site's own Origin, as its pages' forms send it: the attacks reach the actions rather
    // than stop at the refusal of writes that name no page (server/cross-site-writes.ts).
    ["-H", `Origin: ${base}`],
    ["-m", MODULES],
    ["--max-scan-time", String(MAX_CRAWL_SECONDS)],
    ["--max-attack-time", String(MAX_ATTACK_SECONDS)],
    ["-t", "20"],
    ["--flush-session"],
    ["--store-session", join(workDir, "session")],
    ["--store-config", join(workDir, "config")],
    ["-f", "json"],
    ["-o", reportPath],
    ["-v", "1"],
    ["--no-bugreport"],
  ].flat();
  mkdirSync(dirname(reportPath), { recursive: true });
  rmSync(reportPath, { force: true });
  console.log(`wapiti ${wapitiArgs.join(" ")}\n`);
  const started = Date.now();
  // Not spawnSync: a blocked event loop keeps closed keep-alive sockets, and the next fetch fails.
  const scanner = spawn(wapitiPython(), ["-c", LAUNCHER, ...wapitiArgs], { stdio: ["ignore", "pipe", "inherit"] });
  wapiti = scanner;
  let output = "";
  scanner.stdout?.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    output += chunk.toString();
  });
  const status = await new Promise<number | null>((done) => scanner.once("exit", done));
  console.log(`\nwapiti finished in ${Math.round((Date.now() - started) / 1000)} s (exit ${status}).`);
  if (status !== 0 || !existsSync(reportPath)) fail(`wapiti stopped with exit code ${status} and no complete report.`);
  const crawled = /found (\d+) URLs and forms/.exec(output)?.[1] ?? "?";
  const cutShort = [...output.matchAll(/Max attack time was reached for module (\w+)/g)].map((match) => match[1]);
  return { crawled, crawlCutShort: output.includes("Max scan time was reached"), cutShort };
}

type Finding = { method: string; path: string; info: string; level: number; parameter: string };
type Report = {
  vulnerabilities: Record<string, Finding[]>;
  anomalies: Record<string, Finding[]>;
  additionals: Record<string, Finding[]>;
  infos: Record<string, unknown>;
};

/** Prints the findings from the most to the least severe; returns how many are medium or worse. */
function printFindings(report: Report) {
  const rows: (Finding & { category: string; kind: string })[] = [];
  const seen = new Set<string>();
  for (const [kind, groups] of [
    ["vulnerability", report.vulnerabilities],
    ["anomaly", report.anomalies],
    ["additional", report.additionals],
  ] as const) {
    for (const [category, findings] of Object.entries(groups ?? {})) {
      for (const finding of findings) {
        const key = [category, finding.method, finding.path, finding.parameter, finding.info].join("\n");
        if (seen.has(key)) continue;
        seen.add(key);
        rows.push({ ...finding, level: Number(finding.level), category, kind });
      }
    }
  }
  const print = (row: (typeof rows)[number]) => {
    const parameter = row.parameter ? ` [${row.parameter}]` : "";
    console.log(`  - ${row.category} (${row.kind}): ${row.method} ${row.path}${parameter}\n      ${row.info.replace(/\s+/g, " ").slice(0, 300)}`);
  };
  console.log(`\nFindings (${rows.length}), ${String(report.infos?.version ?? "wapiti")}, target ${String(report.infos?.target ?? "")}:`);
  for (let level = LEVELS.length - 1; level >= 0; level--) {
    const atLevel = rows.filter((row) => row.level === level);
    console.log(`\n${LEVELS[level].toUpperCase()}: ${atLevel.length}`);
    atLevel.forEach(print);
  }
  return rows.filter((row) => row.level >= FAILING_LEVEL).length;
}

async function stopServer() {
  if (server && server.exitCode === null) {
    const stopped = new Promise((done) => server?.once("exit", done));
    server.kill("SIGTERM");
    await stopped;
  }
  // The report and the server log stay; the database and the session cookie go.
  for (const name of ["data", "session", "config", "cookies.json"]) rmSync(join(workDir, name), { recursive: true, force: true });
}

process.once("SIGINT", () => {
  wapiti?.kill("SIGTERM");
  void stopServer().then(() => process.exit(130));
});

let exitCode = 2;
try {
  wapitiPython();
  buildIfStale();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  await startServer(port, base);
  console.log(`Server on ${base} (log: ${serverLog})`);
  const cookies = await signIn(base);
  if (!(await signedIn(base, cookies))) fail("the session cookie did not open the dashboard.");
  console.log(`Signed in as ${DEMO_ACCOUNTS.customer.email}.`);

  const coverage = await runWapiti(base, cookies);
  const stillSignedIn = await signedIn(base, cookies);
  const serious = printFindings(JSON.parse(readFileSync(reportPath, "utf8")) as Report);
  console.log(`\nReport: ${reportPath}`);
  console.log(`Crawled: ${coverage.crawled} URLs and forms${coverage.crawlCutShort ? ` (crawl stopped at ${MAX_CRAWL_SECONDS} s)` : ""}.`);
  if (coverage.cutShort.length) {
    // Attacks run in alphabetical order of path: on a busy machine the last pages are left out.
    console.log(`Stopped at ${MAX_ATTACK_SECONDS} s before attacking every URL: ${coverage.cutShort.join(", ")} (more time: --attack-seconds).`);
  }
  // Errors the server logged while it was attacked (wapiti sees only the status): pino's error and
  // fatal lines, and the stack traces Express prints for an error no handler caught.
  const serverErrors = readFileSync(serverLog, "utf8")
    .split("\n")
    .filter((line) => /"level":(50|60)/.test(line) || /^\w*Error\b.*: /.test(line)).length;
  console.log(`Errors in the server log: ${serverErrors}${serverErrors ? ` (see ${serverLog})` : ""}.`);
  if (!stillSignedIn) console.log("Note: the customer's session had ended by the end of the scan; later requests ran signed out.");
  console.log(serious ? `\n${serious} finding(s) of medium severity or higher.` : "\nNo finding of medium severity or higher.");
  exitCode = serious ? 1 : 0;
} catch (error) {
  if (!(error instanceof ScanAborted)) console.error(error);
} finally {
  await stopServer();
}
process.exit(exitCode);
