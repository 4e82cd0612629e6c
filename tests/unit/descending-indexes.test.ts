import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";

// `ORDER BY x DESC` sorts nulls first. An index column declared `.desc()` alone is generated as
// DESC NULLS LAST, which PostgreSQL cannot read in that order: "newest first" then scanned the whole
// table (1,000,000 bookings: 115 ms for the first 20 rows, against under 1 ms from the index).
describe("descending index columns", () => {
  it("sort nulls first, as ORDER BY ... DESC does, so newest-first lists read their index", () => {
    const wrong: string[] = [];
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      for (const index of getTableConfig(table).indexes) {
        for (const column of index.config.columns) {
          const config = (column as { indexConfig?: { order?: string; nulls?: string } }).indexConfig;
          if (config?.order === "desc" && config.nulls !== "first") wrong.push(index.config.name ?? "(unnamed)");
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
