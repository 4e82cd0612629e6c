import { TwoPlacesError } from "~/modules/slots/patient-conflicts.server";
import { BeyondHorizonError } from "~/modules/booking/booking-horizon.server";
import type { PatientDetails } from "~/modules/booking/schemas";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { PAYMENT_ERROR, type PaymentMethod } from "~/modules/checkout/payment-method";
import { orderRefusalMessage } from "~/modules/checkout/line-choices.server";
import type { Language } from "~/i18n/languages";
import { CartOverLimitError, EmptyCartError, HomeAddressError, ReferralMissingError, SlotUnavailableError, UnitPatientGoneError } from "~/modules/orders/order-lines.server";
import { serverT } from "~/i18n/i18n.server";
import { CART_OVER_LIMIT_MESSAGE, CART_OVER_LIMIT_TITLE } from "~/modules/cart/cart-line";
import { cardProvider } from "~/modules/payments/card-provider.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { BOOKING_LIMIT_TITLE, BookingLimitError } from "~/modules/slots/account-limits.server";
import type { Toast } from "~/utils/form-result";
import { logger } from "~/utils/logger.server";

type PaymentProvider = {
  /** Places the order and returns where the browser goes next. */
  start: (userId: string, details: PatientDetails, language: Language) => Promise<string>;
  /** What the customer is told, and the status answered, when it fails for another reason than an empty cart. */
  failure: { toast: Toast; status: number; logMessage: string };
};

/**
 * The payment methods of checkout: cash on delivery ("manual") places the order and its bookings
 * at once; card sends the customer to the card provider's hosted page, and the order is
 * confirmed when the payment is.
 */
const PAYMENT_PROVIDERS: Record<PaymentMethod, PaymentProvider> = {
  cash_on_delivery: {
    start: async (userId, details, language) =>
      `/checkout?step=confirmation&order=${(await placeCashOnDeliveryOrder(userId, details, undefined, language)).id}`,
    failure: {
      toast: { type: "error", title: "Order Error", description: "Failed to place order. Please try again." },
      status: 500,
      logMessage: "placing an order failed",
    },
  },
  card: {
    start: async (userId, details, language) => (await startCardPayment(cardProvider(), userId, details, undefined, language)).url,
    failure: {
      toast: PAYMENT_ERROR,
      status: 502,
      logMessage: "starting a card payment failed",
    },
  },
};

export const PATIENT_GONE_MESSAGE =
  "{{test}}: a patient chosen for this test is no longer saved on your account. Please go back to the details and choose the patients again.";

export const REFERRAL_MISSING_MESSAGE = "{{test}} needs a doctor's referral. Please go back to the details and give it.";

export type PlaceOrderOutcome = { ok: true; redirectTo: string } | { ok: false; status: number; toast: Toast };

/** Places the signed-in customer's cart as an order, paid the way they chose. An empty cart answers 409. */
export async function placeOrder(userId: string, details: PatientDetails, method: PaymentMethod, language: Language = "en"): Promise<PlaceOrderOutcome> {
  const provider = PAYMENT_PROVIDERS[method];
  try {
    return { ok: true, redirectTo: await provider.start(userId, details, language) };
  } catch (error) {
    // A line's slot was taken meanwhile (or its address is not served): nothing was written.
    if (error instanceof SlotUnavailableError || error instanceof HomeAddressError) {
      const title = error instanceof SlotUnavailableError && error.reason === "full" ? "Time slot taken" : "Please check your tests";
      return { ok: false, status: 409, toast: { type: "error", title, description: await orderRefusalMessage(error, language) } };
    }
    if (error instanceof UnitPatientGoneError) {
      const description = serverT(language, "checkout")(PATIENT_GONE_MESSAGE, { test: error.testName });
      return { ok: false, status: 409, toast: { type: "error", title: "Please check your tests", description } };
    }
    if (error instanceof ReferralMissingError) {
      const description = serverT(language, "checkout")(REFERRAL_MISSING_MESSAGE, { test: error.testName });
      return { ok: false, status: 409, toast: { type: "error", title: "Please check your tests", description } };
    }
    if (error instanceof TwoPlacesError) {
      return { ok: false, status: 409, toast: { type: "error", title: "Please check your tests", description: error.describe(language) } };
    }
    if (error instanceof BookingLimitError) {
      return { ok: false, status: 409, toast: { type: "error", title: BOOKING_LIMIT_TITLE, description: error.describe(language) } };
    }
    if (error instanceof BeyondHorizonError) {
      return { ok: false, status: 400, toast: { type: "error", title: "Please check your tests", description: error.message } };
    }
    if (error instanceof CartOverLimitError) {
      return { ok: false, status: 409, toast: { type: "error", title: CART_OVER_LIMIT_TITLE, description: CART_OVER_LIMIT_MESSAGE } };
    }
    const emptyCart = error instanceof EmptyCartError;
    if (!emptyCart) logger.error({ err: error, userId }, provider.failure.logMessage);
    return { ok: false, status: emptyCart ? 409 : provider.failure.status, toast: provider.failure.toast };
  }
}
