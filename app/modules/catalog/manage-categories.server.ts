import { asc, ilike, or, type SQL } from "drizzle-orm";
import { db } from "~/db/db.server";
import { testCategories } from "~/db/schema";
import type { Crud } from "~/modules/admin/crud-action.server";
import { rowWrites } from "~/modules/admin/row-writes.server";
import { type CategoryInput, CategoryFormSchema } from "~/modules/catalog/schemas";
import { escapeLike } from "~/utils/escape-like";

/** The admin's categories table: every column, filtered by name or description. */
export async function searchCategories(search: string) {
  const where: SQL | undefined = search
    ? or(
        ilike(testCategories.name, `%${escapeLike(search)}%`),
        ilike(testCategories.description, `%${escapeLike(search)}%`),
      )
    : undefined;
  return db.select().from(testCategories).where(where).orderBy(asc(testCategories.name));
}

export const {
  create: createCategory,
  update: updateCategory,
  remove: deleteCategory,
} = rowWrites<typeof testCategories, CategoryInput>(testCategories);

/** The categories list's add, edit and delete. */
export const categoryCrud: Crud<typeof CategoryFormSchema> = {
  entity: "category",
  schema: CategoryFormSchema,
  create: createCategory,
  update: updateCategory,
  remove: deleteCategory,
  duplicateMessage: "A category with this name already exists.",
};
