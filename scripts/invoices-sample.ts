// npm run invoices:sample
// Renders a sample tax invoice and credit note (app/modules/invoices/sample-documents.ts) into
// docs/invoices/ with the app's own PDF components.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sampleCreditNote, sampleInvoice } from "~/modules/invoices/sample-documents";
import { renderTaxDocumentPdf } from "~/modules/invoices/tax-document-pdf.server";

const folder = join(process.cwd(), "docs", "invoices");
mkdirSync(folder, { recursive: true });
writeFileSync(join(folder, "sample-invoice.pdf"), await renderTaxDocumentPdf(sampleInvoice));
writeFileSync(join(folder, "sample-credit-note.pdf"), await renderTaxDocumentPdf(sampleCreditNote));
console.log(`Wrote ${folder}/sample-invoice.pdf and sample-credit-note.pdf`);
