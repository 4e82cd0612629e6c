import { data } from "react-router";
import type { Route } from "./+types/invoices.document";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { findTaxDocument } from "~/modules/invoices/invoice-documents.server";
import { taxDocumentPdfResponse } from "~/modules/invoices/tax-document-pdf.server";

/** GET /admin/invoices/documents/:number: any tax invoice or credit note as a PDF (admins only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const number = params.number ?? "";
  const document = /^[A-Za-z0-9-]{1,40}$/.test(number) ? await findTaxDocument(number) : null;
  if (!document) throw data("Document not found", { status: 404 });
  return taxDocumentPdfResponse(document);
}
