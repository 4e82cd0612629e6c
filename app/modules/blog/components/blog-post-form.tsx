import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { RichTextField } from "~/modules/admin/components/rich-text-field";
import { TextField } from "~/modules/admin/components/text-field";
import type { FieldErrors } from "~/utils/form-result";
import { CsrfField } from "~/components/csrf-field";

type Post = {
  title: string;
  excerpt: string;
  content: string;
  author: string;
  category: string;
  imageUrl: string | null;
  isPublished: boolean;
  titleAr: string | null;
  excerptAr: string | null;
  contentAr: string | null;
  authorAr: string | null;
};

/** An English field and its Arabic twin side by side (issue 14); the Arabic one may stay empty. */
function SideBySide({ children }: { children: React.ReactNode }) {
  return <div className="grid gap-5 lg:grid-cols-2">{children}</div>;
}

/** The blog editor's form: creates a post, or updates `post`. Entered values survive a refused save (the form is not reset). */
export function BlogPostForm({ post, errors }: { post: Post | null; errors: FieldErrors }) {
  const saving = useNavigation().state === "submitting";
  const textInput = (name: "title" | "author" | "category", label: string) => (
    <TextField id={`post-${name}`} name={name} label={label} errors={errors} defaultValue={post?.[name]} />
  );
  return (
    <Form method="post" className="mt-6 grid gap-5" noValidate>
      <CsrfField />
      <SideBySide>
        {textInput("title", "Title")}
        <TextField id="post-titleAr" name="titleAr" label="العنوان" arabic errors={errors} defaultValue={post?.titleAr} />
      </SideBySide>
      <SideBySide>
        <TextField id="post-excerpt" name="excerpt" label="Excerpt" errors={errors} rows={3} hint="A short summary shown in blog listings." defaultValue={post?.excerpt} />
        <TextField id="post-excerptAr" name="excerptAr" label="المقتطف" arabic errors={errors} rows={3} defaultValue={post?.excerptAr} />
      </SideBySide>
      <SideBySide>
        <RichTextField
          id="post-content"
          name="content"
          label="Content"
          errors={errors}
          rows={16}
          className="font-mono"
          hint="HTML supported: paragraphs, headings, lists, links and emphasis."
          defaultValue={post?.content}
        />
        <RichTextField id="post-contentAr" name="contentAr" label="المحتوى" arabic errors={errors} rows={16} className="font-mono" defaultValue={post?.contentAr} />
      </SideBySide>
      <SideBySide>
        {textInput("author", "Author")}
        <TextField id="post-authorAr" name="authorAr" label="الكاتب" arabic errors={errors} defaultValue={post?.authorAr} />
      </SideBySide>
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
  );
}
