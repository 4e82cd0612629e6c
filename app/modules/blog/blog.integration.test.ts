import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { insertBlogPost } from "~/seed/factories.server";
import { findPublishedPost, listPublishedPosts } from "~/modules/blog/blog.server";

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe("blog", () => {
  it("finds a published post by slug, or by id, with previous and next posts by date", async () => {
    const oldest = await insertBlogPost(db, { slug: "oldest", createdAt: daysAgo(9) });
    const middle = await insertBlogPost(db, { slug: "middle", createdAt: daysAgo(5), content: '<p>Hi<img src=x onerror="alert(1)"></p>' });
    await insertBlogPost(db, { slug: "draft", createdAt: daysAgo(4), isPublished: false });
    const newest = await insertBlogPost(db, { slug: "newest", createdAt: daysAgo(1) });

    const bySlug = await findPublishedPost("middle");
    expect(bySlug?.post.id).toBe(middle.id);
    expect(bySlug?.post.content).toBe("<p>Hi</p>");
    expect(bySlug?.previous?.slug).toBe(oldest.slug);
    expect(bySlug?.next?.slug).toBe(newest.slug);

    const byId = await findPublishedPost(middle.id);
    expect(byId?.post.slug).toBe("middle");
    expect((await findPublishedPost("oldest"))?.previous).toBeNull();
  });

  it("hides unpublished posts everywhere", async () => {
    const draft = await insertBlogPost(db, { slug: "draft", isPublished: false });
    await insertBlogPost(db, { slug: "live" });
    expect(await findPublishedPost("draft")).toBeNull();
    expect(await findPublishedPost(draft.id)).toBeNull();
    expect((await listPublishedPosts()).map((p) => p.slug)).toEqual(["live"]);
  });

  it("answers nothing for unknown slugs and id-like values", async () => {
    expect(await findPublishedPost("nope")).toBeNull();
    expect(await findPublishedPost("------------------------------------")).toBeNull();
    expect(await findPublishedPost("00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});
