import { ArrowLeft } from "~/components/ui/icons";
import { data, Link } from "react-router";
import type { Route } from "./+types/blog-post-editor";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { routeUuid } from "~/modules/admin/admin-route.server";
import { BlogPostForm } from "~/modules/blog/components/blog-post-form";
import { getBlogPost, saveBlogPost } from "~/modules/blog/manage-posts.server";
import { BlogPostFormSchema } from "~/modules/blog/schemas";
import { useFormResult } from "~/utils/form-result";
import { formFailure, invalidForm } from "~/utils/form-result.server";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";

type EditorResult = { message: string };

/**
 * No id or "new" means create mode (/admin/blog-posts/new, /admin/blog-posts/edit/new: spec);
 * otherwise the uuid of the post to edit (anything else is not found).
 */
function editedId(params: { postId?: string }) {
  return params.postId === undefined || params.postId === "new" ? null : routeUuid(params.postId, "Post Not Found");
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.post ? "Edit Blog Post" : "Create Blog Post"} | Admin | LabTest Hub` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = editedId(params);
  if (!id) return { post: null };
  const post = await getBlogPost(id);
  if (!post) throw data("Post Not Found", { status: 404 });
  return { post };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = editedId(params);
  const parsed = BlogPostFormSchema.safeParse(await readForm(request));
  if (!parsed.success) return invalidForm<EditorResult>(parsed.error);
  const outcome = await saveBlogPost(id, parsed.data);
  if (outcome === "created" || outcome === "updated") {
    return redirectWithToast("/admin/blog-posts", {
      type: "success",
      title: `Post ${outcome}`,
      description: `Your blog post has been ${outcome} successfully.`,
    });
  }
  const message = `Failed to ${id ? "update" : "create"} blog post. Please try again.`;
  return formFailure<EditorResult>(outcome === "not-found" ? 404 : 500, { message });
}

export default function BlogPostEditor({ loaderData: { post }, actionData }: Route.ComponentProps) {
  const errors = useFormResult(actionData);
  const message = actionData && !actionData.ok ? actionData.message : undefined;
  return (
    <div className="max-w-3xl">
      <Button asChild variant="ghost" className="-ms-3">
        <Link to="/admin/blog-posts">
          <ArrowLeft aria-hidden /> Back
        </Link>
      </Button>
      <h1 className="mt-2 text-2xl font-bold">{post ? "Edit Blog Post" : "Create Blog Post"}</h1>
      {message ? (
        <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <strong>Error:</strong> {message}
        </p>
      ) : null}
      <BlogPostForm post={post} errors={errors} />
    </div>
  );
}
