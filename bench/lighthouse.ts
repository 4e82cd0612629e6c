// Lighthouse (mobile, its default throttling) on the home, search, product and a lab page of a
// running local server: performance score, LCP, CLS and TBT against the issue 13 budgets.
//   npx tsx bench/lighthouse.ts [--url http://127.0.0.1:3901] [--runs 3] [--only product] [--save DIR]
// --save writes every run's full report (DIR/<page>-<run>.json) to read the LCP phases, render-blocking
// resources and long tasks behind a score.
// Uses Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) headless without a sandbox.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { assertLocal, parseArgs } from "./lib";
import { sampleSite } from "./page-kinds";

export const BUDGET = { performance: 95, lcpMs: 2000, cls: 0.05 };

export type LighthouseRow = { page: string; path: string; performance: number; lcpMs: number; cls: number; tbtMs: number; fcpMs: number };

export type LighthouseOptions = { only?: string; saveDir?: string };

export async function runLighthouse(base: string, runs = 1, { only, saveDir }: LighthouseOptions = {}): Promise<LighthouseRow[]> {
  const site = await sampleSite(base);
  const pages = (
    [
      ["home", "/"],
      ["search", "/search?q=vitamin"],
      ["product", `/product/${site.products[0]}`],
      ["lab page", `/labs/${site.labs[0]}`],
    ] satisfies [string, string][]
  ).filter(([page]) => !only || page.startsWith(only));
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const [page, path] of pages) {
      // Warm the server's caches and the page once, then keep the median run by performance.
      await fetch(base + path).then((r) => r.arrayBuffer());
      const results: LighthouseRow[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(base + path, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
        const lhr = result!.lhr;
        if (saveDir) writeFileSync(join(saveDir, `${page.replace(/\s+/g, "-")}-${i + 1}.json`), result!.report as string);
        results.push({
          page,
          path,
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcpMs: lhr.audits["largest-contentful-paint"].numericValue ?? NaN,
          cls: lhr.audits["cumulative-layout-shift"].numericValue ?? NaN,
          tbtMs: lhr.audits["total-blocking-time"].numericValue ?? NaN,
          fcpMs: lhr.audits["first-contentful-paint"].numericValue ?? NaN,
        });
      }
      results.sort((a, b) => a.performance - b.performance);
      rows.push(results[Math.floor(results.length / 2)]);
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

export function lighthouseTable(rows: LighthouseRow[]) {
  const lines = ["    page         performance   LCP s    CLS     TBT ms   FCP s   budget"];
  for (const row of rows) {
    const ok = row.performance >= BUDGET.performance && row.lcpMs < BUDGET.lcpMs && row.cls < BUDGET.cls;
    lines.push(
      `    ${row.page.padEnd(12)} ${String(row.performance).padStart(11)} ${(row.lcpMs / 1000).toFixed(2).padStart(7)} ${row.cls.toFixed(3).padStart(7)} ${row.tbtMs.toFixed(0).padStart(9)} ${(row.fcpMs / 1000).toFixed(2).padStart(7)}   ${ok ? "ok" : "OVER"}`,
    );
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs();
  const base = (args.get("url") ?? "http://127.0.0.1:3901").replace(/\/+$/, "");
  assertLocal(base);
  const rows = await runLighthouse(base, Number(args.get("runs") ?? 1), { only: args.get("only"), saveDir: args.get("save") });
  console.log(`Lighthouse mobile (performance ≥ ${BUDGET.performance}, LCP < ${BUDGET.lcpMs / 1000} s, CLS < ${BUDGET.cls})\n`);
  console.log(lighthouseTable(rows));
}
