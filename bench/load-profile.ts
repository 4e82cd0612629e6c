// Where the server's CPU goes under load: a production server under `node --cpu-prof` (page cache
// off) takes `--clients` concurrent clients for `--seconds` on the given URLs after a warm-up, then
// stops, and the functions with the most self time are printed (as bench/profile.ts does).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/load-profile.ts [--build build] [--clients 20] [--seconds 10] [--save out.cpuprofile] [--signed-in yes] /search?q=iron ...
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs, runLoad, signIn, startServer } from "./lib";
import { CUSTOMER } from "./cpu";
import { summarize } from "./cpu-profile";

const args = parseArgs();
const urls = process.argv.slice(2).filter((arg, i, all) => arg.startsWith("/") && !all[i - 1]?.startsWith("--"));
const clients = Number(args.get("clients") ?? 20);
const seconds = Number(args.get("seconds") ?? 10);
const dir = mkdtempSync(join(tmpdir(), "load-profile-"));
const server = await startServer({
  buildDir: args.get("build") ?? "build",
  databaseUrl: process.env.DATABASE_URL,
  pageCacheSeconds: 0,
  nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
});
try {
  const cookie = args.get("signed-in") === "yes" ? await signIn(server.url, CUSTOMER.email, CUSTOMER.password) : undefined;
  await runLoad(server.url, urls, { clients, seconds: 3, cookie });
  const result = await runLoad(server.url, urls, { clients, seconds, cookie });
  console.log(`${result.rps.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms, ${result.errors} errors`);
} finally {
  await server.stop();
}
const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
if (!file) throw new Error("no profile written");
const profile = JSON.parse(readFileSync(join(dir, file), "utf8"));
if (args.has("save")) writeFileSync(args.get("save")!, JSON.stringify(profile));
console.log(summarize(profile, Number(args.get("top") ?? 30)));
rmSync(dir, { recursive: true, force: true });
