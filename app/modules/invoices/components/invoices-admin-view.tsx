import { Form, useFetcher } from "react-router";
import { CsrfField } from "~/components/csrf-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import type { TaxDocumentRow, UncollectedCashRow, VatSummaryRow } from "~/modules/invoices/invoices-admin.server";
import type { InvoiceListQuery } from "~/modules/invoices/schemas";
import { formatBookingDate } from "~/utils/dubai-date";
import { useFormResult, type FormResult } from "~/utils/form-result";
import { formatAed } from "~/utils/money";

const money = (fils: number) => <span className="tabular-nums">{formatAed(fils)}</span>;
export const adminDocumentHref = (number: string) => `/admin/invoices/documents/${encodeURIComponent(number)}`;

function SummaryTable({ caption, rows }: { caption: string; rows: VatSummaryRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="mb-2 text-start font-semibold">{caption}</caption>
        <thead className="text-muted-foreground">
          <tr className="border-b">
            {["Period", "Rate", "Taxable sales", "VAT charged", "Credited (taxable)", "VAT reversed", "Net VAT"].map((head) => (
              <th key={head} scope="col" className="p-2 text-start">
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={7} className="p-2 text-muted-foreground">
                No documents in this period.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={`${row.period}-${row.rateBasisPoints}`} className="border-b" data-testid="vat-summary-row">
                <td className="p-2">{row.period}</td>
                <td className="p-2">{row.rateBasisPoints / 100}%</td>
                <td className="p-2">{money(row.taxableSalesFils)}</td>
                <td className="p-2">{money(row.vatChargedFils)}</td>
                <td className="p-2">{money(row.creditedTaxableFils)}</td>
                <td className="p-2">{money(row.vatReversedFils)}</td>
                <td className="p-2 font-medium">{money(row.netVatFils)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function RecordCashForm({ bookingId, amountFils, patientName }: { bookingId: string; amountFils: number; patientName: string }) {
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher.data);
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <CsrfField />
      <input type="hidden" name="intent" value="collect-cash" />
      <input type="hidden" name="bookingId" value={bookingId} />
      <Input name="amount" inputMode="decimal" required fullWidth={false} className="w-28" aria-label={`Cash collected (AED) from ${patientName}, due ${formatAed(amountFils)}`} />
      <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
        Record cash
      </Button>
    </fetcher.Form>
  );
}

function UncollectedCash({ rows }: { rows: UncollectedCashRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No cash waiting to be collected.</p>;
  return (
    <ul className="grid gap-3">
      {rows.map((row) => (
        <li key={`${row.labId}-${row.date}`} className="rounded-md border p-3 text-sm" data-testid="uncollected-cash">
          <p className="font-medium">
            {row.labName} · {formatBookingDate(row.date)} · {row.orders} {row.orders === 1 ? "order" : "orders"} · {money(row.amountFils)}
          </p>
          <ul className="mt-2 grid gap-2">
            {row.bookings.map((booking) => (
              <li key={booking.bookingId} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {booking.patientName} · due {money(booking.amountFils)}
                </span>
                <RecordCashForm bookingId={booking.bookingId} amountFils={booking.amountFils} patientName={booking.patientName} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** /admin/invoices: tax documents with search and period, CSV, the VAT summary and the cash still to collect. */
export function InvoicesAdminView({
  query,
  settingsMissing,
  documents,
  summary,
  cash,
}: {
  query: InvoiceListQuery;
  settingsMissing: string | null;
  documents: TaxDocumentRow[];
  summary: { months: VatSummaryRow[]; quarters: VatSummaryRow[] };
  cash: UncollectedCashRow[];
}) {
  const exportQuery = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return (
    <div className="grid gap-8">
      <AdminHeader title="Invoices" subtitle="Tax invoices and credit notes, the VAT summary, and cash to collect" />
      {settingsMissing ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
          {settingsMissing} <a className="underline" href="/admin/business">Open business settings</a>
        </p>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm">
          Search
          <Input name="q" defaultValue={query.q ?? ""} placeholder="Number, customer or e-mail" />
        </label>
        <label className="grid gap-1 text-sm">
          From
          <Input type="date" name="from" defaultValue={query.from ?? ""} />
        </label>
        <label className="grid gap-1 text-sm">
          To
          <Input type="date" name="to" defaultValue={query.to ?? ""} />
        </label>
        <Button type="submit">Filter</Button>
        <a className="text-sm underline" href={`/admin/invoices/export${exportQuery ? `?${exportQuery}` : ""}`} download>
          Export CSV
        </a>
      </Form>
      <section className="overflow-x-auto">
        <table className="w-full min-w-[44rem] text-sm">
          <caption className="mb-2 text-start font-semibold">Documents</caption>
          <thead className="text-muted-foreground">
            <tr className="border-b">
              {["Number", "Type", "Issued", "Customer", "Taxable", "VAT", "Total"].map((head) => (
                <th key={head} scope="col" className="p-2 text-start">
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {documents.length === 0 ? (
              <tr>
                <td colSpan={7} className="p-2 text-muted-foreground">
                  No invoices or credit notes match.
                </td>
              </tr>
            ) : (
              documents.map((row) => (
                <tr key={row.number} className="border-b" data-testid="tax-document-row">
                  <td className="p-2">
                    <a className="font-mono underline" href={adminDocumentHref(row.number)} download>
                      {row.number}
                    </a>
                  </td>
                  <td className="p-2">{row.kind === "invoice" ? "Tax invoice" : `Credit note for ${row.invoiceNumber}${row.reason ? ` (${row.reason})` : ""}`}</td>
                  <td className="p-2">{row.issuedAt.toLocaleString("en-GB", { timeZone: "Asia/Dubai", dateStyle: "medium", timeStyle: "short" })}</td>
                  <td className="p-2">
                    {row.customerName}
                    <span className="block text-xs text-muted-foreground">{row.customerEmail}</span>
                  </td>
                  <td className="p-2">{money(row.taxableFils)}</td>
                  <td className="p-2">{money(row.vatFils)}</td>
                  <td className="p-2">{money(row.totalFils)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      <section className="grid gap-6">
        <h2 className="text-xl font-semibold">VAT summary</h2>
        <SummaryTable caption="Per quarter" rows={summary.quarters} />
        <SummaryTable caption="Per month" rows={summary.months} />
      </section>
      <section className="grid gap-3">
        <h2 className="text-xl font-semibold">Cash to collect, per lab and day</h2>
        <UncollectedCash rows={cash} />
      </section>
    </div>
  );
}
