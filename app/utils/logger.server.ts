import pino from "pino";
import { getEnv } from "~/utils/env.server";

export const logger = pino({ level: getEnv().LOG_LEVEL, base: undefined });
