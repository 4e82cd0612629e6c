import type { Language } from "~/i18n/languages";
import {
  createBookTestCardOrder,
  type BookTestDetails,
} from "~/modules/booking/create-booking.server";
import type { CardProvider } from "~/modules/payments/card-provider.server";
import {
  cardSlotHoldExpiresAt,
  openCheckoutSession,
} from "~/modules/payments/start-card-payment.server";
import { getEnv, type Env } from "~/utils/env.server";

/**
 * Book Test paid by card now (issue 26): the validated Book Test form makes a pending card order
 * of its one line (the lab's price from the database, the fee, the slot held for SLOT_HOLD_MINUTES),
 * with the same checks as a cash booking, and a hosted-checkout session for its total. Returns
 * where to send the browser; the booking is made when the payment is confirmed.
 */
export async function startBookTestCardPayment(
  provider: CardProvider,
  userId: string,
  testId: string,
  details: BookTestDetails,
  options: {
    language?: Language;
    form?: Record<string, unknown>;
    env?: Env;
  } = {},
) {
  const language = options.language ?? "en";
  const { order, items } = await createBookTestCardOrder(
    userId,
    testId,
    details,
    { slotHoldExpiresAt: cardSlotHoldExpiresAt(options.env ?? getEnv()) },
    language,
    options.form ?? {},
  );
  return openCheckoutSession(provider, order, items, language);
}
