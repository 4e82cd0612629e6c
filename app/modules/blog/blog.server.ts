import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import { db } from "~/db/db.server";
import { blogPosts, resources } from "~/db/schema";
import { sanitizeRichText } from "~/utils/sanitize-html";

/** 36 hex-or-dash characters in the uuid layout: the value may be a post id (spec: blog lookup). */
const POST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const listColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  titleAr: blogPosts.titleAr,
  excerpt: blogPosts.excerpt,
  excerptAr: blogPosts.excerptAr,
  imageUrl: blogPosts.imageUrl,
  author: blogPosts.author,
  authorAr: blogPosts.authorAr,
  category: blogPosts.category,
  createdAt: blogPosts.createdAt,
};

export function listPublishedPosts(limit = 100) {
  return db
    .select(listColumns)
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(desc(blogPosts.createdAt))
    .limit(limit);
}

export function listResources() {
  return db.select().from(resources).orderBy(desc(resources.createdAt));
}

/** A published post by slug, else by id when the value looks like one; null otherwise. */
export async function findPublishedPost(slugOrId: string) {
  const published = eq(blogPosts.isPublished, true);
  let [post] = await db.select().from(blogPosts).where(and(eq(blogPosts.slug, slugOrId), published));
  if (!post && POST_ID.test(slugOrId)) {
    [post] = await db.select().from(blogPosts).where(and(eq(blogPosts.id, slugOrId.toLowerCase()), published));
  }
  if (!post) return null;
  const link = { slug: blogPosts.slug, title: blogPosts.title, titleAr: blogPosts.titleAr };
  const [[previous], [next]] = await Promise.all([
    db
      .select(link)
      .from(blogPosts)
      .where(and(published, lt(blogPosts.createdAt, post.createdAt)))
      .orderBy(desc(blogPosts.createdAt))
      .limit(1),
    db
      .select(link)
      .from(blogPosts)
      .where(and(published, gt(blogPosts.createdAt, post.createdAt)))
      .orderBy(asc(blogPosts.createdAt))
      .limit(1),
  ]);
  return {
    post: { ...post, content: sanitizeRichText(post.content), contentAr: sanitizeRichText(post.contentAr) || null },
    previous: previous ?? null,
    next: next ?? null,
  };
}
