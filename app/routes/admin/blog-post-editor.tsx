import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/blog-post-editor";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { createBlogPost, getBlogPost, updateBlogPost } from "~/modules/admin/blog-posts.server";
import { BlogPostFormSchema } from "~/modules/admin/schemas";
import { requireAdmin } from "~/utils/auth.server";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "new" or no id means create mode; anything else is the id of the post to edit. */
function editedId(params: { postId?: string }) {
  return params.postId && params.postId !== "new" ? params.postId : null;
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.post ? "Edit Blog Post" : "Create Blog Post"} | Admin | LabTest Hub` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = editedId(params);
  if (!id) return { post: null };
  const post = UUID.test(id) ? await getBlogPost(id) : null;
  if (!post) throw data("Post Not Found", { status: 404 });
  return { post };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = editedId(params);
  const form = await readForm(request);
  const parsed = BlogPostFormSchema.safeParse(form);
  if (!parsed.success) {
    return data({ fieldErrors: parsed.error.flatten().fieldErrors, message: null }, { status: 400 });
  }
  try {
    if (id) {
      const updated = UUID.test(id) ? await updateBlogPost(id, parsed.data) : null;
      if (!updated) return data({ fieldErrors: null, message: "Failed to update blog post. Please try again." }, { status: 404 });
      return redirectWithToast("/admin/blog-posts", {
        type: "success",
        title: "Post updated",
        description: "Your blog post has been updated successfully.",
      });
    }
    await createBlogPost(parsed.data);
    return redirectWithToast("/admin/blog-posts", {
      type: "success",
      title: "Post created",
      description: "Your blog post has been created successfully.",
    });
  } catch (error) {
    logger.error({ err: error }, "saving a blog post failed");
    const message = id ? "Failed to update blog post. Please try again." : "Failed to create blog post. Please try again.";
    return data({ fieldErrors: null, message }, { status: 500 });
  }
}

export default function BlogPostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  const saving = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const describedBy = (name: keyof typeof errors, hint?: boolean) =>
    errors[name] ? `post-${name}-error` : hint ? `post-${name}-hint` : undefined;
  const textInput = (name: "title" | "author" | "category", label: string) => (
    <Field id={`post-${name}`} label={label} error={errors[name]}>
      <Input
        id={`post-${name}`}
        name={name}
        defaultValue={post?.[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name)}
      />
    </Field>
  );
  return (
    <div className="max-w-3xl">
      <Button asChild variant="ghost" className="-ms-3">
        <Link to="/admin/blog-posts">
          <ArrowLeft aria-hidden /> Back
        </Link>
      </Button>
      <h1 className="mt-2 text-2xl font-bold">{post ? "Edit Blog Post" : "Create Blog Post"}</h1>
      {actionData?.message ? (
        <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <strong>Error:</strong> {actionData.message}
        </p>
      ) : null}
      {/* Entered values survive a refused save: the form is not reset, the browser keeps them. */}
      <Form method="post" className="mt-6 grid gap-5" noValidate>
        {textInput("title", "Title")}
        <Field id="post-excerpt" label="Excerpt" error={errors.excerpt} hint="A short summary shown in blog listings.">
          <Textarea id="post-excerpt" name="excerpt" rows={3} defaultValue={post?.excerpt} aria-invalid={errors.excerpt ? true : undefined} aria-describedby={describedBy("excerpt", true)} />
        </Field>
        <Field id="post-content" label="Content" error={errors.content} hint="HTML supported: paragraphs, headings, lists, links and emphasis.">
          <Textarea id="post-content" name="content" rows={16} className="font-mono" defaultValue={post?.content} aria-invalid={errors.content ? true : undefined} aria-describedby={describedBy("content", true)} />
        </Field>
        {textInput("author", "Author")}
        {textInput("category", "Category")}
        <Field id="post-imageUrl" label="Featured Image URL (optional)">
          <Input id="post-imageUrl" name="imageUrl" type="url" defaultValue={post?.imageUrl ?? ""} />
        </Field>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="isPublished" value="true" defaultChecked={post?.isPublished ?? false} className="mt-0.5 size-4 accent-primary" />
          <span>
            <span className="font-medium">Publish post</span>
            <span className="block text-muted-foreground">When checked, the post is visible to the public.</span>
          </span>
        </label>
        <div className="flex gap-2">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : post ? "Update Post" : "Create Post"}
          </Button>
          {post ? (
            <Button asChild variant="outline">
              <Link to="/admin/blog-posts">Cancel</Link>
            </Button>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
