// Gzipped JavaScript the home page loads on first visit, against the 150 KB budget (issue 3).
//   npx tsx bench/page-weight.ts [--url http://127.0.0.1:3901] [--build build]
// Reads the served home page (a running local server), collects its module scripts and
// modulepreload links, and gzips each file from the build's client folder (or fetches it).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const base = (args.get("url") ?? "http://127.0.0.1:3901").replace(/\/+$/, "");
const buildDir = args.get("build") ?? process.env.BUILD_DIR ?? "build";
const BUDGET_KB = 150;

if (!["127.0.0.1", "localhost"].includes(new URL(base).hostname)) {
  console.error("Only local servers are measured (127.0.0.1 or localhost).");
  process.exit(2);
}

const html = await (await fetch(`${base}/`)).text();
const scripts = new Set<string>();
for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) scripts.add(match[1]);
for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) scripts.add(match[1]);
for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) scripts.add(match[1]);

let total = 0;
const rows: [string, number, number][] = [];
for (const src of scripts) {
  if (/^https?:/.test(src) && !src.startsWith(base)) continue; // third-party (analytics) is not ours
  const path = src.replace(base, "");
  const local = join(buildDir, "client", path);
  const body = existsSync(local) ? readFileSync(local) : Buffer.from(await (await fetch(base + path)).arrayBuffer());
  const gzipped = gzipSync(body, { level: 9 }).length;
  total += gzipped;
  rows.push([path, body.length, gzipped]);
}
rows.sort((a, b) => b[2] - a[2]);
for (const [path, raw, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB gz ${(raw / 1024).toFixed(1).padStart(8)} KB  ${path}`);
const kb = total / 1024;
console.log(`\nHome page first-load JavaScript: ${kb.toFixed(1)} KB gzipped in ${rows.length} files (budget ${BUDGET_KB} KB): ${kb < BUDGET_KB ? "ok" : "OVER"}`);
