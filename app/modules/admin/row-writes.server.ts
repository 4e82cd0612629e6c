import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "~/db/db.server";

type TableWithId = PgTable & { id: PgColumn };

/**
 * Insert, update and delete of one row by id, for the admin lists whose rows are written as the form
 * gives them (categories, labs, webhooks). Update and delete answer null when the row is gone.
 */
export function rowWrites<Table extends TableWithId, Input extends Partial<Table["$inferInsert"]>>(table: Table) {
  type Row = Table["$inferSelect"];
  return {
    async create(input: Input): Promise<Row> {
      const [row] = (await db.insert(table).values(input as Table["$inferInsert"]).returning()) as Row[];
      return row;
    },
    async update(id: string, input: Input): Promise<Row | null> {
      const [row] = (await db.update(table).set(input).where(eq(table.id, id)).returning()) as Row[];
      return row ?? null;
    },
    async remove(id: string): Promise<Row | null> {
      const [row] = (await db.delete(table).where(eq(table.id, id)).returning()) as Row[];
      return row ?? null;
    },
  };
}
