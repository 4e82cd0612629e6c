import { changePolicyFacts, type ChangePolicyFacts } from "~/modules/booking/change-policy";
import { getEnv, type Env } from "~/utils/env.server";

/**
 * The change policy's numbers as this deployment applies them: the fixed limits of
 * change-policy.ts and the settings (LATE_CANCELLATION_FEE_PERCENT; a booking-horizon setting
 * would be read here too). The Terms and FAQ routes pass it to their pages.
 */
export function currentChangePolicy(env: Env = getEnv()): ChangePolicyFacts {
  return changePolicyFacts({ lateCancellationFeePercent: env.LATE_CANCELLATION_FEE_PERCENT });
}
