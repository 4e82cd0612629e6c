import { format } from "date-fns";
import { ExternalLink, Pencil, Plus } from "lucide-react";
import { data, Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/blog-posts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useActionResult, type ActionResult } from "~/modules/admin/action-result";
import { deleteBlogPost, listBlogPosts, setBlogPostPublished } from "~/modules/admin/blog-posts.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Blog Posts | Admin | LabTest Hub" }];

const PostActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
  z.object({ intent: z.literal("publish"), id: z.uuid(), isPublished: z.enum(["true", "false"]) }),
]);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { posts: await listBlogPosts() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = PostActionSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    return data<ActionResult>({ ok: false, toast: { title: "Error", description: "Failed to update the blog post. Please try again." } }, { status: 400 });
  }
  if (parsed.data.intent === "delete") {
    const deleted = await deleteBlogPost(parsed.data.id);
    if (!deleted) {
      return data<ActionResult>(
        { ok: false, toast: { title: "Error", description: "Failed to delete the blog post. Please try again." } },
        { status: 404 },
      );
    }
    return data<ActionResult>({ ok: true, toast: { title: "Post deleted", description: "The blog post has been deleted successfully." } });
  }
  const publish = parsed.data.isPublished === "true";
  const updated = await setBlogPostPublished(parsed.data.id, publish);
  if (!updated) {
    return data<ActionResult>(
      { ok: false, toast: { title: "Error", description: "Failed to update the blog post. Please try again." } },
      { status: 404 },
    );
  }
  return data<ActionResult>({
    ok: true,
    toast: publish
      ? { title: "Post published", description: "The blog post is now visible to the public." }
      : { title: "Post unpublished", description: "The blog post is now a draft and hidden from the public." },
  });
}

function PublishToggle({ id, isPublished, title }: { id: string; isPublished: boolean; title: string }) {
  const fetcher = useFetcher();
  useActionResult(fetcher);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="publish" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="isPublished" value={String(!isPublished)} />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"} aria-label={`${isPublished ? "Unpublish" : "Publish"} ${title}`}>
        {isPublished ? "Unpublish" : "Publish"}
      </Button>
    </fetcher.Form>
  );
}

export default function AdminBlogPosts({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
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
        <Table className="mt-6">
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Category</TableHead>
              <TableHead>Author</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-end">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {posts.map((post) => (
              <TableRow key={post.id}>
                <TableCell className="font-medium">{post.title}</TableCell>
                <TableCell>{post.category}</TableCell>
                <TableCell>{post.author}</TableCell>
                <TableCell className="whitespace-nowrap">{format(new Date(post.createdAt), "MMM dd, yyyy")}</TableCell>
                <TableCell>
                  <Badge variant={post.isPublished ? "default" : "secondary"}>{post.isPublished ? "Published" : "Draft"}</Badge>
                </TableCell>
                <TableCell>
                  <div className="flex items-center justify-end gap-1">
                    <PublishToggle id={post.id} isPublished={post.isPublished} title={post.title} />
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
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
