import { data } from "react-router";
import type { Route } from "./+types/dashboard.documents";
import { requireUser } from "~/modules/accounts/guards.server";
import { findTaxDocument } from "~/modules/invoices/invoice-documents.server";
import { taxDocumentPdfResponse } from "~/modules/invoices/tax-document-pdf.server";

/** GET /dashboard/documents/:number: the customer's own tax invoice or credit note as a PDF; anyone else's is 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const number = params.number ?? "";
  const document = /^[A-Za-z0-9-]{1,40}$/.test(number) ? await findTaxDocument(number, { userId: user.id }) : null;
  if (!document) throw data("Document not found", { status: 404 });
  return taxDocumentPdfResponse(document);
}
