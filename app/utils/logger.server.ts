import pino from "pino";
import { getEnv } from "~/utils/env.server";
import { currentRequestId } from "~/utils/request-context.server";

/** JSON lines; a line written while serving a request carries its id as `reqId`. */
export const logger = pino({
  level: getEnv().LOG_LEVEL,
  base: undefined,
  mixin() {
    const reqId = currentRequestId();
    return reqId ? { reqId } : {};
  },
});
