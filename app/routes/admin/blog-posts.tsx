import { format } from "date-fns";
import { ExternalLink, Pencil, Plus } from "~/components/ui/icons";
import { Link } from "react-router";
import type { Route } from "./+types/blog-posts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminTable } from "~/modules/admin/components/admin-table";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { IntentButton } from "~/modules/admin/components/intent-button";
import { adminFormAction } from "~/modules/admin/admin-route.server";
import { deleteBlogPost, listBlogPosts, setBlogPostPublished } from "~/modules/blog/manage-posts.server";
import { BlogPostChangeSchema } from "~/modules/blog/schemas";
import { formFailure, formSuccess } from "~/utils/form-result.server";
import { toastOnArrival } from "~/utils/form-result";

export const meta: Route.MetaFunction = () => [{ title: "Blog Posts | Admin | LabTest Hub" }];

const failed = (what: "delete" | "update") => ({
  toast: { title: "Error", description: `Failed to ${what} the blog post. Please try again.` },
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { posts: await listBlogPosts() };
}

export const action = adminFormAction(async (form) => {
  const parsed = BlogPostChangeSchema.safeParse(form);
  if (!parsed.success) return formFailure(400, failed("update"));
  const change = parsed.data;
  if (change.intent === "delete") {
    if (!(await deleteBlogPost(change.id))) return formFailure(404, failed("delete"));
    return formSuccess({ title: "Post deleted", description: "The blog post has been deleted successfully." });
  }
  const publish = change.isPublished === "true";
  if (!(await setBlogPostPublished(change.id, publish))) return formFailure(404, failed("update"));
  return formSuccess(
    publish
      ? { title: "Post published", description: "The blog post is now visible to the public." }
      : { title: "Post unpublished", description: "The blog post is now a draft and hidden from the public." },
  );
});
export const clientAction = toastOnArrival;

export default function AdminBlogPosts({ loaderData: { posts } }: Route.ComponentProps) {
  return (
    <div>
      <AdminHeader
        title="Blog Posts"
        subtitle="Manage your blog posts and resources"
        action={
          <Button asChild>
            <Link to="/admin/blog-posts/new">
              <Plus aria-hidden /> New Post
            </Link>
          </Button>
        }
      />
      {posts.length === 0 ? (
        <div className="mt-10 rounded-lg border p-10 text-center">
          <p className="text-muted-foreground">No blog posts yet</p>
          <Button asChild className="mt-4">
            <Link to="/admin/blog-posts/new">Create Post</Link>
          </Button>
        </div>
      ) : (
        <AdminTable
          rows={posts}
          columns={[
            { header: "Title", cell: (post) => post.title, className: "font-medium" },
            { header: "Category", cell: (post) => post.category },
            { header: "Author", cell: (post) => post.author },
            { header: "Date", cell: (post) => format(new Date(post.createdAt), "MMM dd, yyyy"), className: "whitespace-nowrap" },
            {
              header: "Status",
              cell: (post) => <Badge variant={post.isPublished ? "default" : "secondary"}>{post.isPublished ? "Published" : "Draft"}</Badge>,
            },
          ]}
          actions={(post) => (
            <>
              <IntentButton
                intent="publish"
                fields={{ id: post.id, isPublished: String(!post.isPublished) }}
                size="sm"
                variant="outline"
                label={`${post.isPublished ? "Unpublish" : "Publish"} ${post.title}`}
              >
                {post.isPublished ? "Unpublish" : "Publish"}
              </IntentButton>
              <Button asChild variant="ghost" size="icon">
                <a href={`/blog/${post.slug}`} target="_blank" rel="noopener noreferrer" aria-label={`View ${post.title} (opens in a new tab)`}>
                  <ExternalLink aria-hidden />
                </a>
              </Button>
              <Button asChild variant="ghost" size="icon">
                <Link to={`/admin/blog-posts/edit/${post.id}`} aria-label={`Edit ${post.title}`}>
                  <Pencil aria-hidden />
                </Link>
              </Button>
              <ConfirmDeleteDialog
                id={post.id}
                label={`Delete ${post.title}`}
                message="This action cannot be undone. This will permanently delete the blog post."
              />
            </>
          )}
        />
      )}
    </div>
  );
}
