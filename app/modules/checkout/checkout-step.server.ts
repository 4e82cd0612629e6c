import { z } from "zod";
import type { SessionUser } from "~/modules/accounts/guards.server";
import { getProfile } from "~/modules/accounts/profile.server";
import { listSavedPatients } from "~/modules/accounts/saved-patients.server";
import { CART_OVER_LIMIT_MESSAGE, CART_OVER_LIMIT_TITLE } from "~/modules/cart/cart-line";
import { cartOverLimitFor } from "~/modules/cart/cart.server";
import { readCheckoutDetails } from "~/modules/checkout/checkout-details.server";
import { checkoutLineViews, checkoutSummary } from "~/modules/checkout/line-choices.server";
import type { CheckoutStep } from "~/modules/checkout/checkout-steps";
import { findOwnOrder } from "~/modules/orders/find-order.server";
import { currentChangePolicy } from "~/modules/booking/change-policy.server";

/**
 * What a signed-in customer's checkout step shows, or where to send them instead: the details
 * step shows each line's labs, collection and slot choices; the payment step needs the saved
 * details and a non-empty cart, and shows the order lines (home-collection fees included); the
 * confirmation shows only their own order. A cart above the cart's limits goes back to /cart.
 */
export async function loadCheckoutStep(request: Request, user: SessionUser, step: Exclude<CheckoutStep, "review">) {
  // A cart above the limits (older data) goes back to the cart, which says why, before any line is read.
  if (step !== "confirmation" && (await cartOverLimitFor(user.id))) {
    return { goTo: "/cart", toast: { type: "error", title: CART_OVER_LIMIT_TITLE, description: CART_OVER_LIMIT_MESSAGE } } as const;
  }
  if (step === "details") {
    const saved = await readCheckoutDetails(request);
    const profile = await getProfile(user.id);
    const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ");
    // The account's saved patients, offered for each unit of each line (issue 26).
    const patients = (await listSavedPatients(user.id)).map((patient) => ({ id: patient.id, fullName: patient.fullName }));
    return {
      step,
      values: saved ?? { patientName: name, patientEmail: user.email, patientPhone: profile?.phone ?? "" },
      lines: await checkoutLineViews(user.id, saved?.scheduledDate ?? null, patients),
      patients,
    } as const;
  }
  if (step === "payment") {
    const details = await readCheckoutDetails(request);
    if (!details) return { goTo: "/checkout?step=details" } as const;
    const summary = await checkoutSummary(user.id, details);
    if (!summary) return { goTo: "/checkout?step=details" } as const;
    if (summary.rows.length === 0) return { goTo: "/cart" } as const;
    return { step, details, summary, policy: currentChangePolicy() } as const;
  }
  const orderId = z.uuid().safeParse(new URL(request.url).searchParams.get("order"));
  const order = orderId.success ? await findOwnOrder(user.id, orderId.data) : null;
  return order ? ({ step, order, policy: currentChangePolicy() } as const) : ({ notFound: true } as const);
}
