// Gzipped JavaScript each public page loads on first visit, against the 150 KB budget (issues 3
// and 13), and whether a product page pulls admin or checkout code.
//   npx tsx bench/page-weight.ts [--url http://127.0.0.1:3901] [--build build]
// Reads each served page (a running local server), collects its module scripts, modulepreload
// links and inline imports, and gzips each file from the build's client folder (or fetches it).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { assertLocal, parseArgs } from "./lib";
import { sampleSite } from "./page-kinds";

export const JS_BUDGET_KB = 150;

export type PageWeight = { page: string; path: string; files: number; gzipKb: number; adminOrCheckout: string[] };

const gzipped = new Map<string, { size: number; text: string }>();

/** Files that only the admin and checkout routes use (from the build's client manifest). */
function adminAndCheckoutFiles(buildDir: string) {
  const assets = join(buildDir, "client", "assets");
  const name = existsSync(assets) ? readdirSync(assets).find((file) => /^manifest-.*\.js$/.test(file)) : undefined;
  if (!name) return new Set<string>();
  const manifest = JSON.parse(readFileSync(join(assets, name), "utf8").replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, { id: string; module: string; imports?: string[] }>;
  };
  const restricted = new Set<string>();
  const elsewhere = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const route of Object.values(manifest.routes)) {
    const files = [route.module, ...(route.imports ?? [])];
    const target = /^(routes\/admin|admin-|routes\/checkout$)/.test(route.id) ? restricted : elsewhere;
    for (const file of files) target.add(file);
  }
  return new Set([...restricted].filter((file) => !elsewhere.has(file)));
}
let restrictedFiles: Set<string> | undefined;

async function scriptFile(base: string, buildDir: string, src: string) {
  const path = src.replace(base, "");
  let file = gzipped.get(path);
  if (!file) {
    const local = join(buildDir, "client", path);
    const body = existsSync(local) ? readFileSync(local) : Buffer.from(await (await fetch(base + path)).arrayBuffer());
    file = { size: gzipSync(body, { level: 9 }).length, text: body.toString("utf8") };
    gzipped.set(path, file);
  }
  return { path, ...file };
}

/** The first-load JavaScript of one page. */
export async function pageWeight(base: string, buildDir: string, page: string, path: string): Promise<PageWeight> {
  const html = await (await fetch(base + path)).text();
  const scripts = new Set<string>();
  // Module preloads, the module script's imports and the route manifest: every quoted address of
  // one of the site's scripts is part of the first load.
  for (const match of html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)) scripts.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) scripts.add(match[1]);
  let total = 0;
  const adminOrCheckout: string[] = [];
  let files = 0;
  restrictedFiles ??= adminAndCheckoutFiles(buildDir);
  for (const src of scripts) {
    if (/^https?:/.test(src) && !src.startsWith(base)) continue; // third-party (analytics) is not ours
    const file = await scriptFile(base, buildDir, src);
    total += file.size;
    files++;
    if (restrictedFiles.has(file.path)) adminOrCheckout.push(file.path);
  }
  return { page, path, files, gzipKb: total / 1024, adminOrCheckout };
}

/** Every public page kind, with real addresses from the sitemap. */
export async function publicPageWeights(base: string, buildDir: string) {
  const site = await sampleSite(base);
  const pages: [string, string][] = [
    ["home", "/"],
    ["search", "/search?q=vitamin"],
    ["product", `/product/${site.products[0]}`],
    ["category", `/category/${site.categories[0]}`],
    ["labs directory", "/labs"],
    ["lab page", `/labs/${site.labs[0]}`],
    ["resources", "/resources"],
    ["about", "/about"],
    ["faqs", "/faqs"],
    ["terms", "/terms"],
    ["cart", "/cart"],
    ["sign in", "/auth"],
  ];
  const rows: PageWeight[] = [];
  for (const [page, path] of pages) rows.push(await pageWeight(base, buildDir, page, path));
  return rows;
}

export function pageWeightTable(rows: PageWeight[]) {
  const lines = ["    page                first-load JS (gzip)  files  budget  admin/checkout code"];
  for (const row of rows) {
    lines.push(
      `    ${row.page.padEnd(19)} ${`${row.gzipKb.toFixed(1)} KB`.padStart(20)} ${String(row.files).padStart(6)}  ${(row.gzipKb < JS_BUDGET_KB ? "ok" : "OVER").padEnd(6)}  ${row.adminOrCheckout.length ? row.adminOrCheckout.join(" ") : "none"}`,
    );
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs();
  const base = (args.get("url") ?? "http://127.0.0.1:3901").replace(/\/+$/, "");
  assertLocal(base);
  const rows = await publicPageWeights(base, args.get("build") ?? process.env.BUILD_DIR ?? "build");
  console.log(`First-load JavaScript per public page (budget ${JS_BUDGET_KB} KB gzipped)\n`);
  console.log(pageWeightTable(rows));
}
