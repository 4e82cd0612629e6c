// A patient's trends (issue 28): each analyte measured more than once across their released
// results and labs. Working them out opens every result's sealed values, so they are kept, sealed
// (decision 0087): the overview opens its summaries (result_trend_sets) and a trend's page that
// trend alone (result_trend_series), and all are made again when the results they came from are
// no longer the patient's current ones.
import { createHmac } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { db, preparedQuery } from "~/db/db.server";
import { labs, resultTrendSeries, resultTrendSets, resultVersions, results, user } from "~/db/schema";
import { openValues, sealedValuesOf } from "~/modules/results/result-records.server";
import { flagOf, numericValue, trendKey } from "~/modules/results/result-values";
import { sparkline } from "~/modules/results/trend-sparkline";
import { getSecret } from "~/utils/secret.server";
import { currentResultKeyId, openJson, sealJson } from "~/utils/sealing.server";

export type TrendPoint = { resultId: string; date: string; labName: string; value: number; text: string; low: number | null; high: number | null; flag: ReturnType<typeof flagOf> };
export type Trend = { id: string; key: string; analyte: string; loinc: string | null; unit: string | null; points: TrendPoint[]; labs: number };
/** While a trend is worked out, each point also has its instant in milliseconds since the epoch (to order and draw it). */
type TimedTrend = Omit<Trend, "points"> & { points: (TrendPoint & { time: number })[] };

/** The customer's released results' current versions with their sealed values, for the trends. */
const trendRows = preparedQuery("trend_rows", (database) =>
  database
    .select({ resultId: results.id, versionId: resultVersions.id, ...sealedValuesOf, releasedAt: resultVersions.releasedAt, collectedAt: results.createdAt, labName: labs.name })
    .from(results)
    .innerJoin(resultVersions, and(eq(resultVersions.resultId, results.id), eq(resultVersions.status, "released")))
    .innerJoin(labs, eq(labs.id, results.labId))
    .where(and(eq(results.userId, sql.placeholder("userId")), isNotNull(results.releasedAt)))
    .limit(1000),
);

/**
 * Each analyte (LOINC code, else normalised name) in one unit measured more than once across the
 * customer's released results (current versions), oldest point first, worked out from the results
 * themselves. Values in another unit are another series; text values are not charted.
 */
async function trendsOfResults(userId: string): Promise<TimedTrend[]> {
  const rows = await trendRows().execute({ userId });
  const values = await openValues(rows);
  const series = new Map<string, TimedTrend>();
  // The same few analytes come in every result: each one's key is worked out once.
  const keys = new Map<string, string>();
  for (const row of rows) {
    const at = row.releasedAt ?? row.collectedAt;
    const [date, time] = [at.toISOString(), at.getTime()];
    for (const value of values.get(row.versionId) ?? []) {
      const number = numericValue(value.value);
      if (number === null) continue;
      const analyte = `${value.loinc ?? ""}\u0000${value.analyte}\u0000${value.unit ?? ""}`;
      let key = keys.get(analyte);
      if (key === undefined) keys.set(analyte, (key = trendKey(value)));
      let trend = series.get(key);
      if (!trend) series.set(key, (trend = { id: trendId(key), key, analyte: value.analyte, loinc: value.loinc, unit: value.unit, points: [], labs: 0 }));
      trend.points.push({ resultId: row.resultId, date, time, labName: row.labName, value: number, text: value.value, low: value.low, high: value.high, flag: flagOf(value) });
    }
  }
  return [...series.values()]
    .filter((trend) => trend.points.length > 1)
    .map((trend) => ({ ...trend, points: trend.points.sort((a, b) => a.time - b.time), labs: new Set(trend.points.map((point) => point.labName)).size }))
    .sort((a, b) => a.analyte.localeCompare(b.analyte));
}

/** The overview's line for a trend: its latest and previous values, how many and from how many labs, and a sparkline. */
function summaryOf({ points, ...trend }: TimedTrend) {
  const [latest, previous] = [points[points.length - 1], points[points.length - 2]];
  const shown = (point: TrendPoint) => ({ date: point.date, text: point.text, flag: point.flag, labName: point.labName });
  return { ...trend, count: points.length, latest: shown(latest), previous: shown(previous), sparkline: sparkline(points) };
}

/**
 * A trend's address (/dashboard/results/trends/{id}): a keyed hash of its analyte and unit, so the
 * address names no test (health data stays out of URLs and logs) yet stays the same as results come.
 */
function trendId(key: string) {
  return createHmac("sha256", getSecret()).update(`trend:${key}`).digest("base64url").slice(0, 16);
}

/**
 * Names how a kept set is worked out and addressed: raise FORMAT when what is kept or how it is
 * worked out changes, and a new secret (new trend addresses) changes it too; either way every kept
 * set is then made again.
 */
const FORMAT = 1;
let format: string | undefined;
const keptFormat = () => (format ??= `${FORMAT}.${trendId("")}`);

// What a patient's trends are made from: each current version of their released results (values
// never change within a version: a correction is a new version) and its lab's name.
const madeFrom = sql<string>`(
  select md5(coalesce(string_agg(v.id::text || ':' || l.name, ',' order by v.id), ''))
  from ${results} r
  join ${resultVersions} v on v.result_id = r.id and v.status = 'released'
  join ${labs} l on l.id = r.lab_id
  where r.user_id = ${user.id} and r.released_at is not null
)`;

/** The stamp of the patient's results now, and their kept set's stamp and sealed summaries: one statement. */
const keptSummaries = preparedQuery("kept_trend_summaries", (database) =>
  database
    .select({ current: madeFrom, stamp: resultTrendSets.stamp, setKeyId: resultTrendSets.keyId, sealed: resultTrendSets.summariesSealed })
    .from(user)
    .leftJoin(resultTrendSets, eq(resultTrendSets.userId, user.id))
    .where(eq(user.id, sql.placeholder("userId"))),
);

/** The same for one trend with its points, sealed, by its address (none for another patient's or a forged one). */
const keptSeries = preparedQuery("kept_trend_series", (database) =>
  database
    .select({ current: madeFrom, stamp: resultTrendSets.stamp, setKeyId: resultTrendSets.keyId, keyId: resultTrendSeries.keyId, sealed: resultTrendSeries.sealed })
    .from(user)
    .leftJoin(resultTrendSets, eq(resultTrendSets.userId, user.id))
    .leftJoin(resultTrendSeries, and(eq(resultTrendSeries.userId, user.id), eq(resultTrendSeries.trendId, sql.placeholder("trendId"))))
    .where(eq(user.id, sql.placeholder("userId"))),
);

/** The sealed parts' associated data: a part opens only in the patient's row (and trend) it was sealed for. */
const summariesContext = (userId: string) => `result-trends:${userId}`;
const seriesContext = (userId: string, trendId: string) => `result-trend:${userId}:${trendId}`;

/** Works the patient's trends out from their results and keeps them, stamped with what they were made from. */
async function makeTrendSet(userId: string, current: string) {
  const timed = await trendsOfResults(userId);
  const summaries = timed.map(summaryOf);
  const trends: Trend[] = timed.map(({ points, ...trend }) => ({ ...trend, points: points.map(({ time: _time, ...point }) => point) }));
  const { keyId, sealed } = sealJson(summaries, summariesContext(userId));
  const set = { stamp: `${keptFormat()}:${current}`, keyId, summariesSealed: sealed, updatedAt: new Date() };
  const series = trends.map((trend) => ({ userId, trendId: trend.id, ...sealJson(trend, seriesContext(userId, trend.id)) }));
  // Two readers may make the set at once: the upsert holds the set's row until the series are
  // replaced, so they take turns, and the later one's set (right for its stamp) stays.
  await db.transaction(async (tx) => {
    await tx.insert(resultTrendSets).values({ userId, ...set }).onConflictDoUpdate({ target: resultTrendSets.userId, set });
    await tx.delete(resultTrendSeries).where(eq(resultTrendSeries.userId, userId));
    if (series.length > 0) await tx.insert(resultTrendSeries).values(series);
  });
  return { trends, summaries };
}

/**
 * Whether the kept set was made from the patient's results as they are now, and sealed with the
 * key that seals now (so a set is made again under a new key, and an old key can be retired).
 */
const isCurrent = (row: { current: string; stamp: string | null; setKeyId: string | null }) =>
  row.stamp === `${keptFormat()}:${row.current}` && row.setKeyId === currentResultKeyId();

/** The trends overview: a summary per trend; each trend's whole series is on its own page (myTrend). */
export async function myTrendSummaries(userId: string): Promise<TrendSummary[]> {
  const [row] = await keptSummaries().execute({ userId });
  if (!row) return [];
  if (isCurrent(row) && row.sealed && row.setKeyId) return openJson<TrendSummary[]>(row.sealed, row.setKeyId, summariesContext(userId));
  return (await makeTrendSet(userId, row.current)).summaries;
}
export type TrendSummary = ReturnType<typeof summaryOf>;

/** One of the customer's trends by its address, or null (another customer's, or a forged one). */
export async function myTrend(userId: string, id: string | undefined): Promise<Trend | null> {
  if (!id || !/^[\w-]{16}$/.test(id)) return null;
  const [row] = await keptSeries().execute({ userId, trendId: id });
  if (!row) return null;
  if (!isCurrent(row)) return (await makeTrendSet(userId, row.current)).trends.find((trend) => trend.id === id) ?? null;
  return row.sealed && row.keyId ? openJson<Trend>(row.sealed, row.keyId, seriesContext(userId, id)) : null;
}
