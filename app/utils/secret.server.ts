import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { getEnv } from "~/utils/env.server";

let secret: string | undefined;

/**
 * The secret that signs sessions and cookies. From BETTER_AUTH_SECRET, or (embedded and
 * development runs only; env validation requires it otherwise) generated once into DATA_DIR.
 */
export function getSecret(): string {
  if (secret) return secret;
  const env = getEnv();
  if (env.BETTER_AUTH_SECRET) return (secret = env.BETTER_AUTH_SECRET);
  if (env.PGLITE_MEMORY) return (secret = randomBytes(32).toString("hex"));
  const file = join(env.DATA_DIR, "secret");
  if (!existsSync(file)) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return (secret = readFileSync(file, "utf8").trim());
}
