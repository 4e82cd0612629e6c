import { useFetcher } from "react-router";
import { CsrfField } from "~/components/csrf-field";
import { Button } from "~/components/ui/button";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { TextFields, type TextFieldSpec } from "~/modules/admin/components/text-field";
import { useFormResult } from "~/utils/form-result";

type Settings = { legalName: string; legalNameAr: string | null; address: string; trn: string; invoicePrefix: string; creditNotePrefix: string };

const fields: (TextFieldSpec & { name: keyof Settings })[] = [
  { name: "legalName", label: "Legal name", wide: true },
  { name: "legalNameAr", label: "Legal name in Arabic (optional)", wide: true },
  { name: "address", label: "Address", wide: true, rows: 3 },
  { name: "trn", label: "TRN (Tax Registration Number)", hint: "15 digits." },
  { name: "invoicePrefix", label: "Invoice prefix", hint: "e.g. INV: INV-2026-000123." },
  { name: "creditNotePrefix", label: "Credit note prefix", hint: "e.g. CN." },
];

/** /admin/business: the seller's particulars printed on every tax invoice (issue 29). */
export function BusinessSettingsForm({ settings }: { settings: Settings | null }) {
  const fetcher = useFetcher();
  const errors = useFormResult(fetcher.data);
  const values = { ...settings, invoicePrefix: settings?.invoicePrefix ?? "INV", creditNotePrefix: settings?.creditNotePrefix ?? "CN" };
  return (
    <div>
      <AdminHeader title="Business settings" subtitle="The seller's particulars on tax invoices and credit notes" />
      {settings ? null : (
        <p role="alert" className="mt-4 rounded-md border border-destructive p-3 text-sm text-destructive">
          Invoices cannot be issued until the legal name, address and TRN are set.
        </p>
      )}
      <fetcher.Form method="post" className="mt-6 grid max-w-3xl gap-4 sm:grid-cols-2" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value="save-business-settings" />
        <TextFields prefix="business" fields={fields} errors={errors} values={values} />
        <div>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </fetcher.Form>
    </div>
  );
}
