import { z } from "zod";
import { formFailure } from "~/utils/form-result.server";
import { redirectWithToast } from "~/utils/toast.server";
import { localizePath, type Language } from "~/i18n/languages";
import { cancelOrder } from "~/modules/payments/cancel-order.server";
import { resumeOrder } from "~/modules/payments/resume-order.server";
import { ORDER_TOO_LARGE_MESSAGE } from "~/modules/cart/cart-line";

const OrderActionSchema = z.object({ intent: z.enum(["resume", "cancel"]), orderId: z.uuid() });

const failed = (status: number, title: string, description?: string) =>
  formFailure(status, { toast: { type: "error", title, ...(description ? { description } : {}) } });

/**
 * The dashboard's Resume Order and Cancel Order buttons, with the spec's messages: a success
 * redirects with a toast (to /dashboard after a cancel, to /cart after a resume); anything else
 * answers a FormResult (404 for an unknown or another customer's order).
 */
export async function runOrderAction(userId: string, form: Record<string, unknown>, language: Language = "en") {
  const parsed = OrderActionSchema.safeParse(form);
  if (!parsed.success) return failed(400, "Error loading order");
  const { intent, orderId } = parsed.data;

  if (intent === "cancel") {
    const outcome = await cancelOrder(userId, orderId);
    if (outcome === "cancelled") throw await redirectWithToast(localizePath("/dashboard", language), { type: "success", title: "Order cancelled" });
    return failed(outcome === "not-found" ? 404 : 409, "Error cancelling order");
  }

  const outcome = await resumeOrder(userId, orderId);
  switch (outcome) {
    case "loaded":
      throw await redirectWithToast(localizePath("/cart", language), { type: "success", title: "Order loaded to cart" });
    case "expired":
      return failed(200, "Order expired", "This order has expired as the booking date has passed");
    case "no-items":
      return failed(409, "Failed to load order to cart", "Order items not found");
    case "too-large":
      return failed(409, "Failed to load order to cart", ORDER_TOO_LARGE_MESSAGE);
    default:
      return failed(outcome === "not-found" ? 404 : 409, "Error loading order");
  }
}
