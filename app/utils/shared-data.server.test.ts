import { afterEach, expect, test, vi } from "vitest";
import { createSharedData } from "~/utils/shared-data.server";

afterEach(() => vi.useRealTimers());

function counter() {
  let calls = 0;
  return { compute: async () => ({ n: ++calls }), calls: () => calls };
}

const store = (options: Partial<{ ttlMs: number; maxEntries: number; maxChars: number }> = {}) => {
  const data = createSharedData({ ttlMs: 60_000, maxEntries: 100, maxChars: 100_000, ...options });
  data.enable();
  return data;
};

test("a value is computed once and shared by every later caller, until the catalogue changes", async () => {
  const data = store();
  const { compute, calls } = counter();
  expect(await data.get("search:vitamin", "catalog", compute)).toEqual({ n: 1 });
  expect(await data.get("search:vitamin", "catalog", compute)).toEqual({ n: 1 });
  expect(calls()).toBe(1);
  data.forget("catalog");
  expect(await data.get("search:vitamin", "catalog", compute)).toEqual({ n: 2 });
});

test("an order or a booking forgets what depends on slots and keeps the rest", async () => {
  const data = store();
  const search = counter();
  const comparison = counter();
  await data.get("search", "catalog", search.compute);
  await data.get("comparison", "slots", comparison.compute);
  data.forget("slots");
  await data.get("search", "catalog", search.compute);
  await data.get("comparison", "slots", comparison.compute);
  expect([search.calls(), comparison.calls()]).toEqual([1, 2]);
  data.forget("catalog"); // a back-office change forgets both
  await data.get("search", "catalog", search.compute);
  await data.get("comparison", "slots", comparison.compute);
  expect([search.calls(), comparison.calls()]).toEqual([2, 3]);
});

test("visitors asking at once for a missing value wait for one computation", async () => {
  const data = store();
  let release!: () => void;
  let calls = 0;
  const slow = () =>
    new Promise<string>((resolve) => {
      calls++;
      release = () => resolve("page");
    });
  const answers = Promise.all([data.get("k", "catalog", slow), data.get("k", "catalog", slow), data.get("k", "catalog", slow)]);
  release();
  expect(await answers).toEqual(["page", "page", "page"]);
  expect(calls).toBe(1);
});

test("a value computed while a change landed is answered but not kept", async () => {
  const data = store();
  let release!: () => void;
  let calls = 0;
  const slow = () =>
    new Promise<number>((resolve) => {
      const n = ++calls;
      release = () => resolve(n);
    });
  const first = data.get("k", "catalog", slow);
  data.forget("catalog"); // an admin's edit commits while the old value is read
  release();
  expect(await first).toBe(1);
  const second = data.get("k", "catalog", slow);
  release();
  expect(await second).toBe(2);
  expect(await data.get("k", "catalog", slow)).toBe(2);
});

test("a failed computation is not kept", async () => {
  const data = store();
  await expect(data.get("k", "catalog", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
  expect(await data.get("k", "catalog", async () => "back")).toBe("back");
});

test("values expire after the time limit or when they say so", async () => {
  vi.useFakeTimers({ now: 0 });
  const data = store({ ttlMs: 1_000 });
  const { compute, calls } = counter();
  await data.get("k", "catalog", compute);
  vi.setSystemTime(999);
  await data.get("k", "catalog", compute);
  expect(calls()).toBe(1);
  vi.setSystemTime(1_000);
  await data.get("k", "catalog", compute);
  expect(calls()).toBe(2);

  const slot = counter();
  await data.get("slot", "slots", slot.compute, (_value, now) => now + 100);
  vi.setSystemTime(1_099);
  await data.get("slot", "slots", slot.compute, (_value, now) => now + 100);
  vi.setSystemTime(1_100);
  await data.get("slot", "slots", slot.compute, (_value, now) => now + 100);
  expect(slot.calls()).toBe(2);
});

test("what is kept is bounded by entries and by size, least recently used out first", async () => {
  const data = store({ maxEntries: 2 });
  const { compute, calls } = counter();
  await data.get("a", "catalog", compute);
  await data.get("b", "catalog", compute);
  await data.get("a", "catalog", compute); // b is now the least recently used
  await data.get("c", "catalog", compute); // forgets b
  expect(data.size().entries).toBe(2);
  await data.get("a", "catalog", compute);
  expect(calls()).toBe(3);
  await data.get("b", "catalog", compute);
  expect(calls()).toBe(4);

  const bySize = store({ maxChars: 400 });
  const big = async () => "x".repeat(90);
  for (const key of ["1", "2", "3", "4", "5"]) await bySize.get(key, "catalog", big);
  expect(bySize.size().entries).toBe(4);
  expect(bySize.size().chars).toBeLessThanOrEqual(400);
  await bySize.get("huge", "catalog", async () => "y".repeat(200)); // over a quarter of the bound: never kept
  expect(bySize.size().entries).toBe(4);
});

test("nothing is kept without the change feed, nor with a time limit of 0", async () => {
  const off = createSharedData({ ttlMs: 60_000, maxEntries: 10, maxChars: 10_000 });
  const { compute, calls } = counter();
  await off.get("k", "catalog", compute);
  await off.get("k", "catalog", compute);
  expect(calls()).toBe(2);
  const zero = store({ ttlMs: 0 });
  await zero.get("k", "catalog", compute);
  await zero.get("k", "catalog", compute);
  expect(calls()).toBe(4);
});
