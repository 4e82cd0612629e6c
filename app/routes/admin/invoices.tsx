import type { Route } from "./+types/invoices";
import { adminFormAction, adminLoader } from "~/modules/admin/admin-route.server";
import { InvoicesAdminView } from "~/modules/invoices/components/invoices-admin-view";
import { invoicesAdminPage } from "~/modules/invoices/invoices-admin.server";
import { InvoiceListQuerySchema } from "~/modules/invoices/schemas";
import { cashCollectedAnswer, runCashCollected } from "~/modules/payments/record-cash.server";
import { toastOnArrival } from "~/utils/form-result";

export const meta: Route.MetaFunction = () => [{ title: "Invoices | Admin | LabTest Hub" }];

export const loader = adminLoader(InvoiceListQuerySchema, invoicesAdminPage);

/** An admin records the cash collected for a cash-on-delivery order (issue 29). */
export const action = adminFormAction(async (form, admin) => cashCollectedAnswer(await runCashCollected({ kind: "admin", id: admin.id }, form)));
export const clientAction = toastOnArrival;

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  return <InvoicesAdminView {...loaderData} />;
}
