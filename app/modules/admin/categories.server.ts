import { asc, eq, ilike, or, type SQL } from "drizzle-orm";
import { db } from "~/db/db.server";
import { testCategories } from "~/db/schema";
import type { z } from "zod";
import { escapeLike } from "~/utils/escape-like";
import type { CategoryFormSchema } from "~/modules/admin/schemas";

export type CategoryInput = z.output<typeof CategoryFormSchema>;

export async function listCategories(search: string) {
  const where: SQL | undefined = search
    ? or(
        ilike(testCategories.name, `%${escapeLike(search)}%`),
        ilike(testCategories.description, `%${escapeLike(search)}%`),
      )
    : undefined;
  return db.select().from(testCategories).where(where).orderBy(asc(testCategories.name));
}

export async function createCategory(input: CategoryInput) {
  const [row] = await db.insert(testCategories).values(input).returning();
  return row;
}

export async function updateCategory(id: string, input: CategoryInput) {
  const [row] = await db.update(testCategories).set(input).where(eq(testCategories.id, id)).returning();
  return row ?? null;
}

export async function deleteCategory(id: string) {
  const [row] = await db.delete(testCategories).where(eq(testCategories.id, id)).returning();
  return row ?? null;
}
