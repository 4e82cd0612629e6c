import { z } from "zod";
import type { Toast } from "~/utils/form-result";

/** How a customer may pay at checkout, in the order the payment step offers them. */
export const PAYMENT_METHODS = ["card", "cash_on_delivery"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, { title: string; description: string }> = {
  card: { title: "Pay by Card", description: "Secure payment on the card provider's page" },
  cash_on_delivery: { title: "Cash on Delivery", description: "Pay when the sample is collected" },
};

export const PaymentFormSchema = z.object({ paymentMethod: z.enum(PAYMENT_METHODS) });

/** What the payment step answers when no method was chosen. */
export const PAYMENT_ERROR: Toast = { type: "error", title: "Payment Error", description: "Failed to process payment. Please try again." };
