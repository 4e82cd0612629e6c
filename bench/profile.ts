// Where the server's CPU goes while rendering uncached pages: runs a production server under
// `node --cpu-prof` (page cache off), sends a fixed mix of anonymous and signed-in requests one at
// a time, stops it and prints the functions with the most self time (markdown table). `--cold`
// keeps no shared data (DATA_CACHE_SECONDS=0), so every search and list is computed anew.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/profile.ts [--build build] [--requests 400] [--top 30] [--only "product"] [--save out.cpuprofile] [--cold]
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BROWSER_ACCEPT_ENCODING, fillCart, parseArgs, signIn, startServer } from "./lib";
import { anonymousKinds, sampleSite, signedInKinds, testIdsFromProducts } from "./page-kinds";
import { CUSTOMER } from "./cpu";
import { summarize, type Profile } from "./cpu-profile";

const args = parseArgs();
const buildDir = args.get("build") ?? process.env.BUILD_DIR ?? "build";
const databaseUrl = args.has("pglite") ? undefined : (process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench");
const requests = Number(args.get("requests") ?? 400);
const only = args.has("only") ? new RegExp(args.get("only")!) : null;
const dir = mkdtempSync(join(tmpdir(), "bench-profile-"));

const server = await startServer({ buildDir, databaseUrl, pageCacheSeconds: 0, env: args.has("cold") ? { DATA_CACHE_SECONDS: "0" } : {}, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
try {
  const site = await sampleSite(server.url);
  const cookie = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
  await fillCart(server.url, cookie, await testIdsFromProducts(server.url, site.products, 3));
  const kinds = [...anonymousKinds(site), ...signedInKinds(site)].filter(({ kind, signedIn }) => !only || only.test(`${signedIn ? "signed-in " : ""}${kind}`));
  const urls = kinds.flatMap(({ urls, signedIn }) => urls.slice(0, 4).map((url) => ({ url, cookie: signedIn ? cookie : undefined })));
  for (let i = 0; i < requests; i++) {
    const { url, cookie: c } = urls[i % urls.length];
    await fetch(server.url + url, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...(c ? { cookie: c } : {}) }, redirect: "manual" }).then((r) => r.arrayBuffer());
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
