// Where the server's CPU goes while rendering uncached pages: runs a production server under
// `node --cpu-prof` (page cache off), sends a fixed mix of anonymous and signed-in requests one at
// a time, stops it and prints the functions with the most self time (markdown table).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/profile.ts [--build build] [--requests 400] [--top 30] [--only "product"] [--save out.cpuprofile]
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fillCart, parseArgs, signIn, startServer } from "./lib";
import { anonymousKinds, sampleSite, signedInKinds, testIdsFromProducts } from "./page-kinds";
import { CUSTOMER } from "./cpu";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Self time per function (name, file and line), and per package or app file. */
export function summarize(profile: Profile, top: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url ? relative(process.cwd(), url.replace(/^file:\/\//, "")) : "";
    const key = `${functionName || "(anonymous)"} ${file ? `${file}:${lineNumber + 1}` : ""}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + micros);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? (file.startsWith("node:") || !file ? (functionName.startsWith("(") ? functionName : "node internals") : file.startsWith("build") ? "app (server build)" : file);
    packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `| ${((100 * micros) / total).toFixed(1)} % | ${(micros / 1000).toFixed(0)} ms | \`${name.replaceAll("|", "\\|")}\` |`);
  return [
    `Total sampled: ${(total / 1000).toFixed(0)} ms.`,
    "",
    "| self | time | function |",
    "|---:|---:|---|",
    ...rows(functions),
    "",
    "| self | time | package or file |",
    "|---:|---:|---|",
    ...rows(packages).slice(0, 15),
  ].join("\n");
}

const args = parseArgs();
const buildDir = args.get("build") ?? process.env.BUILD_DIR ?? "build";
const databaseUrl = args.has("pglite") ? undefined : (process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench");
const requests = Number(args.get("requests") ?? 400);
const only = args.has("only") ? new RegExp(args.get("only")!) : null;
const dir = mkdtempSync(join(tmpdir(), "bench-profile-"));

const server = await startServer({ buildDir, databaseUrl, pageCacheSeconds: 0, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
try {
  const site = await sampleSite(server.url);
  const cookie = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
  await fillCart(server.url, cookie, await testIdsFromProducts(server.url, site.products, 3));
  const kinds = [...anonymousKinds(site), ...signedInKinds(site)].filter(({ kind, signedIn }) => !only || only.test(`${signedIn ? "signed-in " : ""}${kind}`));
  const urls = kinds.flatMap(({ urls, signedIn }) => urls.slice(0, 4).map((url) => ({ url, cookie: signedIn ? cookie : undefined })));
  for (let i = 0; i < requests; i++) {
    const { url, cookie: c } = urls[i % urls.length];
    await fetch(server.url + url, { headers: { "accept-encoding": "gzip", ...(c ? { cookie: c } : {}) }, redirect: "manual" }).then((r) => r.arrayBuffer());
  }
} finally {
  await server.stop();
}
const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
if (!file) throw new Error("No profile was written");
const profile: Profile = JSON.parse(readFileSync(join(dir, file), "utf8"));
if (args.has("save")) writeFileSync(args.get("save")!, JSON.stringify(profile));
rmSync(dir, { recursive: true, force: true });
console.log(`${requests} requests (${only ?? "every page kind"}), page cache off, ${databaseUrl ? "PostgreSQL" : "PGlite"}; includes start-up.\n`);
console.log(summarize(profile, Number(args.get("top") ?? 30)));
