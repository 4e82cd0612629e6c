import { asc, ilike, or } from "drizzle-orm";
import { db } from "~/db/db.server";
import { labs } from "~/db/schema";
import { uniqueSlug } from "~/db/unique-slug.server";
import { escapeLike } from "~/utils/escape-like";
import type { Crud } from "~/modules/admin/crud-action.server";
import { rowWrites } from "~/modules/admin/row-writes.server";
import { LabFormSchema, type LabInput } from "~/modules/catalog/schemas";

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

const writes = rowWrites<typeof labs, LabInput & { slug?: string }>(labs);
export const { update: updateLab, remove: deleteLab } = writes;

/** A new lab gets a unique slug from its name (its page is /labs/{slug}). */
export async function createLab(input: LabInput) {
  return writes.create({ ...input, slug: await uniqueSlug(db, labs.slug, input.name) });
}

/** The labs list's add, edit and delete. */
export const labCrud: Crud<typeof LabFormSchema> = { entity: "lab", schema: LabFormSchema, create: createLab, update: updateLab, remove: deleteLab };
