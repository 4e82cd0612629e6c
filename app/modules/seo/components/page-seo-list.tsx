import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { AdminTable } from "~/modules/admin/components/admin-table";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { TextFields, type TextFieldSpec } from "~/modules/admin/components/text-field";
import { useFormResult } from "~/utils/form-result";
import { CsrfField } from "~/components/csrf-field";

type PageSeoEntry = { id: string; pagePath: string; title: string; description: string };

const fields: TextFieldSpec[] = [
  { name: "pagePath", label: "Page path", hint: "For example /about or /product/lipid-profile." },
  { name: "title", label: "Title" },
  { name: "keywords", label: "Keywords" },
  { name: "ogImage", label: "Social image URL", type: "url" },
  { name: "description", label: "Description", rows: 3, wide: true },
  { name: "canonicalUrl", label: "Canonical URL", type: "url" },
];

/** The Page SEO tab: a form that adds (or replaces) a page's entry, and the entries. */
export function PageSeoList({ entries }: { entries: PageSeoEntry[] }) {
  const fetcher = useFetcher();
  const errors = useFormResult(fetcher.data);
  return (
    <div className="grid gap-8">
      <fetcher.Form method="post" className="grid max-w-3xl gap-4 sm:grid-cols-2" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value="add-page-seo" />
        <TextFields prefix="seo" fields={fields} errors={errors} />
        <div className="self-end">
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Add Page SEO
          </Button>
        </div>
      </fetcher.Form>
      <AdminTable
        className=""
        rows={entries}
        columns={[
          { header: "Path", cell: (entry) => entry.pagePath, className: "font-mono text-xs" },
          { header: "Title", cell: (entry) => entry.title },
          { header: "Description", cell: (entry) => entry.description, className: "max-w-md text-muted-foreground" },
        ]}
        actionsLabel="Delete"
        actions={(entry) => (
          <ConfirmDeleteDialog
            id={entry.id}
            label={`Delete SEO of ${entry.pagePath}`}
            message="Are you sure you want to delete this page SEO configuration?"
          />
        )}
        empty={<p className="text-center text-sm text-muted-foreground">No page SEO entries yet.</p>}
      />
    </div>
  );
}
