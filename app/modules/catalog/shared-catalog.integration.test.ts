import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/db.server";
import { tests } from "~/db/schema";
import { insertLab, insertTest } from "~/seed/factories.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { parseSearchState } from "~/modules/catalog/search-params";
import { comparisonExpiry, sharedComparison, sharedSearch, sharedTestDetails } from "~/modules/catalog/shared-catalog.server";
import type { LabComparison } from "~/modules/catalog/lab-comparison.server";
import { publishChange, startChangeFeed } from "~/utils/change-feed.server";
import { sharedData, watchSharedData } from "~/utils/shared-data.server";

let stopFeed: (() => Promise<void>) | undefined;
let stopSharing: (() => void) | undefined;

beforeEach(async () => {
  stopFeed = await startChangeFeed();
  stopSharing = watchSharedData(60);
});

afterEach(async () => {
  stopSharing?.();
  await stopFeed?.();
});

const search = (query: string) => sharedSearch(parseSearchState(new URLSearchParams(query)), "en");
const names = (result: { tests: { name: string }[] }) => result.tests.map((test) => test.name);

async function until(check: () => Promise<boolean>, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("data every visitor shares", () => {
  it("a search is computed once for every visitor, whatever the case typed, until the catalogue changes", async () => {
    await insertTest(db, { name: "Ferritin" });
    expect(names(await search("q=ferritin"))).toEqual(["Ferritin"]);
    await insertTest(db, { name: "Ferritin Plus" }); // written without telling anyone
    expect(names(await search("q=FERRITIN"))).toEqual(["Ferritin"]);
    const misses = sharedData.size().misses;
    await search("q=Ferritin");
    expect(sharedData.size().misses).toBe(misses);

    await publishChange(db, "catalog"); // what any back-office write announces
    await until(async () => names(await search("q=ferritin")).length === 2);
    expect(names(await search("q=ferritin"))).toEqual(["Ferritin", "Ferritin Plus"]);
  });

  it("an order forgets the lab comparisons, which show free slots, and keeps the rest", async () => {
    const test = await insertTest(db, { name: "Iron Studies" });
    const lab = await insertLab(db, { name: "Reem Lab", slug: "reem-lab" });
    await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 9000, walkIn: true, homeCollection: false, isActive: true });
    expect((await sharedComparison(test.id, "price")).rows.map((row) => row.priceFils)).toEqual([9000]);
    expect((await sharedTestDetails(test.slug))?.test.name).toBe("Iron Studies");

    await db.update(tests).set({ name: "Iron Studies (renamed)" }).where(eq(tests.id, test.id));
    await saveOffer(db, { labId: (await insertLab(db, { name: "Khalifa Lab", slug: "khalifa-lab" })).id, testId: test.id, priceFils: 8000, walkIn: true, homeCollection: false, isActive: true });
    await publishChange(db, "pages"); // what an order or a booking announces
    await until(async () => (await sharedComparison(test.id, "price")).rows.length === 2);
    expect((await sharedTestDetails(test.slug))?.test.name).toBe("Iron Studies");
  });

  it("a comparison is dropped when the soonest slot it shows stops being offerable, at midnight in Abu Dhabi, and after 10 s", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 10, 27, 9, 30) }); // 13:30 in Abu Dhabi
    const now = Date.now();
    const slot = (at: number) => ({ at: new Date(at).toISOString() });
    const comparison = (at: number | null) => ({ sort: "price", rows: [{ nextWalkIn: at === null ? null : slot(at), nextHome: null }] }) as unknown as LabComparison;
    const inFiveHours = now + 5 * 3_600_000;
    const midnight = Math.floor((now + 4 * 3_600_000) / 86_400_000 + 1) * 86_400_000 - 4 * 3_600_000;
    expect(midnight).toBe(Date.UTC(2026, 10, 27, 20, 0));
    // At most 10 s, as a cached anonymous page: slots freed by the hold-release sweep announce nothing.
    expect(comparisonExpiry(comparison(inFiveHours), now)).toBe(now + 10_000);
    expect(comparisonExpiry(comparison(now + 2 * 3_600_000 + 4_000), now)).toBe(now + 4_000);
    expect(comparisonExpiry(comparison(null), now)).toBe(now + 10_000);
    vi.setSystemTime(midnight - 3_000);
    expect(comparisonExpiry(comparison(null), midnight - 3_000)).toBe(midnight);
    vi.useRealTimers();
  });
});
