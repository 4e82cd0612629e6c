import { getEnv, type Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { providerForSession } from "~/modules/payments/card-provider.server";
import { markSessionPaid } from "~/modules/payments/confirm-payment.server";

/**
 * After orders were closed (cancelled, superseded, expired) and committed: closes their hosted
 * checkout sessions so they can no longer be paid. A session the customer completed first is
 * refunded at once (its order is closed). Failures are logged, not thrown: the order stays
 * closed, and a payment that still arrives is refunded by its confirmation.
 */
export async function closeCheckoutSessions(sessionIds: (string | null)[], env: Env = getEnv()) {
  for (const sessionId of sessionIds) {
    if (!sessionId) continue;
    try {
      const provider = providerForSession(sessionId, env);
      const session = await provider.closeSession(sessionId);
      if (session.paid) await markSessionPaid(provider, session);
    } catch (error) {
      logger.error({ err: error, sessionId }, "closing the checkout session of a closed order failed");
    }
  }
}
