import { asc, eq, ilike, or } from "drizzle-orm";
import type { z } from "zod";
import { db } from "~/db/db.server";
import { labs } from "~/db/schema";
import { escapeLike } from "~/utils/escape-like";
import type { LabFormSchema } from "~/modules/admin/schemas";

export type LabInput = z.output<typeof LabFormSchema>;

export async function listLabs(search: string) {
  const pattern = `%${escapeLike(search)}%`;
  return db
    .select()
    .from(labs)
    .where(
      search
        ? or(ilike(labs.name, pattern), ilike(labs.address, pattern), ilike(labs.contactEmail, pattern))
        : undefined,
    )
    .orderBy(asc(labs.name));
}

export async function createLab(input: LabInput) {
  const [row] = await db.insert(labs).values(input).returning();
  return row;
}

export async function updateLab(id: string, input: LabInput) {
  const [row] = await db.update(labs).set(input).where(eq(labs.id, id)).returning();
  return row ?? null;
}

export async function deleteLab(id: string) {
  const [row] = await db.delete(labs).where(eq(labs.id, id)).returning();
  return row ?? null;
}
