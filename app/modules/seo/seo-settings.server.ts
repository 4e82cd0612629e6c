import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "~/db/db.server";
import { pageSeo, seoSettings } from "~/db/schema";
import type { PageSeoFormSchema, SiteSeoFormSchema } from "~/modules/seo/schemas";
import { siteSeoChanged } from "~/modules/seo/site-seo.server";

export async function getSiteSeoSettings() {
  const [settings] = await db.select().from(seoSettings).where(eq(seoSettings.id, 1));
  return settings ?? null;
}

/** Saves the single settings row (creating it the first time). */
export async function saveSiteSeoSettings(input: z.output<typeof SiteSeoFormSchema>) {
  await db
    .insert(seoSettings)
    .values({ id: 1, ...input })
    .onConflictDoUpdate({ target: seoSettings.id, set: input });
  await siteSeoChanged();
}

export function listPageSeo() {
  return db.select().from(pageSeo).orderBy(asc(pageSeo.pagePath));
}

/** Adds the SEO entry of a page, or replaces the one that path already has. */
export async function savePageSeo(input: z.output<typeof PageSeoFormSchema>) {
  const { title, description, keywords, ogImage, canonicalUrl } = input;
  await db
    .insert(pageSeo)
    .values(input)
    .onConflictDoUpdate({ target: pageSeo.pagePath, set: { title, description, keywords, ogImage, canonicalUrl } });
  await siteSeoChanged();
}

export async function deletePageSeo(id: string) {
  const [row] = await db.delete(pageSeo).where(eq(pageSeo.id, id)).returning();
  if (row) await siteSeoChanged();
  return row ?? null;
}
