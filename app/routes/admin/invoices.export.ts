import type { Route } from "./+types/invoices.export";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { taxDocumentsCsv } from "~/modules/invoices/invoices-admin.server";
import { InvoiceListQuerySchema } from "~/modules/invoices/schemas";
import { readQuery } from "~/utils/form-fields";

/** GET /admin/invoices/export?q=&from=&to=: the listed invoices and credit notes as CSV. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const csv = await taxDocumentsCsv(readQuery(request, InvoiceListQuerySchema));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="tax-documents.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
