import { desc, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { blogPosts } from "~/db/schema";
import { uniqueSlug } from "~/db/unique-slug.server";
import { sanitizeRichText } from "~/utils/sanitize-html";
import type { BlogPostInput } from "~/modules/blog/schemas";
import { isUuid } from "~/modules/catalog/search-params";
import { logger } from "~/utils/logger.server";

/** Both languages' HTML through the one allow-list. */
const sanitizedContent = (input: BlogPostInput) => ({
  content: sanitizeRichText(input.content),
  contentAr: input.contentAr ? sanitizeRichText(input.contentAr) || null : null,
});

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
  if (!isUuid(id)) return null;
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return post ?? null;
}

export type SavePostOutcome = "created" | "updated" | "not-found" | "failed";

/** Saves the editor's post: a new one without an id, else the post with that id (if it still exists). */
export async function saveBlogPost(id: string | null, input: BlogPostInput): Promise<SavePostOutcome> {
  try {
    if (!id) {
      await createBlogPost(input);
      return "created";
    }
    return isUuid(id) && (await updateBlogPost(id, input)) ? "updated" : "not-found";
  } catch (error) {
    logger.error({ err: error }, "saving a blog post failed");
    return "failed";
  }
}

/** Creates a post; its slug comes from the title and is unique. Content is sanitised on save. */
export async function createBlogPost(input: BlogPostInput) {
  return db.transaction(async (tx) => {
    const slug = await uniqueSlug(tx, blogPosts.slug, input.title);
    const [post] = await tx
      .insert(blogPosts)
      .values({ ...input, ...sanitizedContent(input), slug })
      .returning();
    return post;
  });
}

/** Updates a post; the slug stays, so links to it keep working. */
export async function updateBlogPost(id: string, input: BlogPostInput) {
  const [post] = await db
    .update(blogPosts)
    .set({ ...input, ...sanitizedContent(input) })
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
