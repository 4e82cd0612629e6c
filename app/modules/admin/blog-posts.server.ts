import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "~/db/db.server";
import { blogPosts } from "~/db/schema";
import { uniqueSlug } from "~/db/unique-slug.server";
import { sanitizeRichText } from "~/modules/content/sanitize-html";
import type { BlogPostFormSchema } from "~/modules/admin/schemas";

export type BlogPostInput = z.output<typeof BlogPostFormSchema>;

export function listBlogPosts() {
  return db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      category: blogPosts.category,
      author: blogPosts.author,
      isPublished: blogPosts.isPublished,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt));
}

export async function getBlogPost(id: string) {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return post ?? null;
}

/** Creates a post; its slug comes from the title and is unique. Content is sanitised on save. */
export async function createBlogPost(input: BlogPostInput) {
  return db.transaction(async (tx) => {
    const slug = await uniqueSlug(tx, blogPosts.slug, input.title);
    const [post] = await tx
      .insert(blogPosts)
      .values({ ...input, content: sanitizeRichText(input.content), slug })
      .returning();
    return post;
  });
}

/** Updates a post; the slug stays, so links to it keep working. */
export async function updateBlogPost(id: string, input: BlogPostInput) {
  const [post] = await db
    .update(blogPosts)
    .set({ ...input, content: sanitizeRichText(input.content) })
    .where(eq(blogPosts.id, id))
    .returning();
  return post ?? null;
}

export async function setBlogPostPublished(id: string, isPublished: boolean) {
  const [post] = await db.update(blogPosts).set({ isPublished }).where(eq(blogPosts.id, id)).returning();
  return post ?? null;
}

export async function deleteBlogPost(id: string) {
  const [post] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  return post ?? null;
}
