import type { CashOutcome } from "~/modules/payments/record-cash.server";
import { formFailure, formSuccess } from "~/utils/form-result.server";
import { formatAed } from "~/utils/money";

/** The toast of a "cash collected" post (portal and admin alike). */
export function cashCollectedAnswer(outcome: CashOutcome) {
  if (!outcome.ok) return formFailure(outcome.status, { toast: { type: "error", title: "Cash not recorded", description: outcome.message } });
  return formSuccess({
    title: "Cash collected",
    description: `${formatAed(outcome.amountFils)} recorded. The order is paid${outcome.invoiceNumber ? ` and invoice ${outcome.invoiceNumber} was sent to the customer` : ""}.`,
  });
}
