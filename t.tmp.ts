import { connect } from "~/db/client.server";
import { setConnection } from "~/db/db.server";
const url = "postgres://postgres@127.0.0.1:5432/bench_analytics";
const connection = await connect({ driver: "pg", url, max: 4 });
setConnection(connection);
const m = await import("~/modules/analytics/dashboard-analytics.server");
const r = await import("~/modules/analytics/rollup.server");
const fu = await import("~/modules/analytics/funnel.server");
const { resolvePeriod } = await import("~/modules/analytics/days");
for (const p of ["today", "30d", "year"]) {
  const period = p === "year" ? resolvePeriod(new URLSearchParams({ period: "custom", from: "2025-11-28", to: "2026-11-27" })) : resolvePeriod(new URLSearchParams({ period: p }));
  const time = async (label: string, fn: () => Promise<unknown>) => { await fn(); const t = performance.now(); for (let i = 0; i < 5; i++) await fn(); console.log(p, label, ((performance.now() - t) / 5).toFixed(1)); };
  await time("periodAnalytics", () => m.periodAnalytics(period));
  await time("readFacts", () => r.readFacts(period.previous.from, period.to, { now: new Date(), periodFrom: period.from }));
  await time("funnel", () => fu.funnelCounts(period.from, period.to));
  await time("cash", () => m.cashOutstandingPerLab());
  await time("turnaround", () => m.resultTurnaroundPerLab(period.from, period.to));
}
await connection.close();
