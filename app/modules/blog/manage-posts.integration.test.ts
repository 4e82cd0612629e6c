import { z } from "zod";
import { describe, expect, it } from "vitest";
import {
  createBlogPost,
  deleteBlogPost,
  getBlogPost,
  listBlogPosts,
  setBlogPostPublished,
  updateBlogPost,
} from "~/modules/blog/manage-posts.server";
import { BlogPostFormSchema } from "~/modules/blog/schemas";

const fields = {
  title: "Fasting Before Blood Tests",
  excerpt: "What to eat, and what not to.",
  content: '<p>Water is fine.</p><script>alert("x")</script><a href="https://doh.gov.ae" target="_blank">DoH</a>',
  author: "Dr. Layla",
  category: "Preparation",
};
const input = BlogPostFormSchema.parse(fields);

describe("admin blog posts", () => {
  it("says which required fields are missing", () => {
    const result = BlogPostFormSchema.safeParse({ title: " ", excerpt: "", content: "", author: "", category: "" });
    expect(result.success).toBe(false);
    expect(z.flattenError(result.error!).fieldErrors).toEqual({
      title: ["Title is required"],
      excerpt: ["Excerpt is required"],
      content: ["Content is required"],
      author: ["Author is required"],
      category: ["Category is required"],
    });
  });

  it("keeps the Arabic title, excerpt and content beside the English, sanitised the same way", async () => {
    const post = await createBlogPost(
      BlogPostFormSchema.parse({ ...fields, titleAr: "الصيام قبل تحاليل الدم", contentAr: '<p dir="rtl">الماء مسموح.</p><script>alert("x")</script>' }),
    );
    expect(post).toMatchObject({ titleAr: "الصيام قبل تحاليل الدم", excerptAr: null });
    expect(post.contentAr).toContain("الماء مسموح.");
    expect(post.contentAr).not.toContain("<script");
  });

  it("stores the Arabic author, and null once it is cleared", async () => {
    const post = await createBlogPost(BlogPostFormSchema.parse({ ...fields, authorAr: " د. ليلى حداد، أخصائية علم الأمراض " }));
    expect(post.authorAr).toBe("د. ليلى حداد، أخصائية علم الأمراض");
    const cleared = await updateBlogPost(post.id, BlogPostFormSchema.parse({ ...fields, authorAr: "" }));
    expect(cleared).toMatchObject({ author: "Dr. Layla", authorAr: null });
  });

  it("creates a draft with a unique slug and sanitised content", async () => {
    const first = await createBlogPost(input);
    const second = await createBlogPost(input);
    expect(first.slug).toBe("fasting-before-blood-tests");
    expect(second.slug).toBe("fasting-before-blood-tests-2");
    expect(first.isPublished).toBe(false);
    expect(first.content).not.toContain("<script");
    expect(first.content).toContain('rel="noopener noreferrer nofollow"');
  });

  it("updates keep the slug; publish, unpublish and delete work", async () => {
    const post = await createBlogPost(input);
    const updated = await updateBlogPost(post.id, { ...input, title: "Fasting: a Guide", isPublished: true });
    expect(updated).toMatchObject({ slug: post.slug, title: "Fasting: a Guide", isPublished: true });
    expect((await setBlogPostPublished(post.id, false))?.isPublished).toBe(false);
    expect(await deleteBlogPost(post.id)).not.toBeNull();
    expect(await getBlogPost(post.id)).toBeNull();
    expect(await listBlogPosts()).toHaveLength(0);
    expect(await deleteBlogPost(post.id)).toBeNull();
  });
});
