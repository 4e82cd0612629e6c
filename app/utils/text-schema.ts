import { z } from "zod";
import { stripControlCharacters } from "~/utils/control-characters";

/**
 * The one string schema for text a visitor or admin sends: `z.string()` with control characters
 * removed first, so every check after it (`.trim()`, `.min()`, `.email()`...) sees clean text.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(stripControlCharacters);
}
