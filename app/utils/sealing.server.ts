// Sealing of health data at rest, result values and files (decision 0060) and doctors' referrals (issue 26): AES-256-GCM from node:crypto, a fresh
// 12-byte nonce per message, the key's id stored beside each sealed row so keys can rotate.
// A sealed message is [version 1][nonce 12][tag 16][ciphertext]. The key comes from
// RESULTS_ENCRYPTION_KEY (32 bytes as 64 hex digits or base64); without it (embedded and
// development runs only, env validation requires it otherwise) one is generated into DATA_DIR
// as the auth secret is. RESULTS_ENCRYPTION_OLD_KEYS (comma-separated) still open older rows.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { getEnv, type Env } from "~/utils/env.server";

const FORMAT = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export type ResultKey = { id: string; key: Buffer };
type Keyring = { current: ResultKey; byId: Map<string, Buffer> };

let keyring: Keyring | undefined;

/** A key's id: the first 16 hex digits of SHA-256 over "results-key:" and the key (reveals nothing of it). */
export function keyIdOf(key: Buffer) {
  return createHash("sha256").update("results-key:").update(key).digest("hex").slice(0, 16);
}

/** Parses a key written as 64 hex digits or as base64 of 32 bytes; throws otherwise. */
export function parseResultKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) throw new Error("a results encryption key must be 32 bytes (64 hex digits or base64)");
  return key;
}

function loadKeyring(env: Env): Keyring {
  let text = env.RESULTS_ENCRYPTION_KEY;
  if (!text && env.PGLITE_MEMORY) text = randomBytes(32).toString("hex");
  if (!text) {
    const file = join(env.DATA_DIR, "results-key");
    if (!existsSync(file)) {
      mkdirSync(env.DATA_DIR, { recursive: true });
      writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    }
    text = readFileSync(file, "utf8");
  }
  const key = parseResultKey(text);
  const current = { id: keyIdOf(key), key };
  const byId = new Map([[current.id, key]]);
  for (const old of (env.RESULTS_ENCRYPTION_OLD_KEYS ?? "").split(",").filter((part) => part.trim())) {
    const oldKey = parseResultKey(old);
    byId.set(keyIdOf(oldKey), oldKey);
  }
  return { current, byId };
}

function getKeyring() {
  keyring ??= loadKeyring(getEnv());
  return keyring;
}

/** Tests: use this key (and forget it with null). */
export function setResultKeysForTests(keys: { current: Buffer; old?: Buffer[] } | null) {
  if (!keys) return void (keyring = undefined);
  const current = { id: keyIdOf(keys.current), key: keys.current };
  keyring = { current, byId: new Map([[current.id, keys.current], ...(keys.old ?? []).map((k) => [keyIdOf(k), k] as [string, Buffer])]) };
}

/** The id of the key that seals now. */
export function currentResultKeyId() {
  return getKeyring().current.id;
}

/** Seals bytes with the current key; `context` (e.g. the row's purpose and id) is bound as associated data. */
export function seal(plain: Uint8Array, context: string): { keyId: string; sealed: Buffer } {
  const { current } = getKeyring();
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", current.key, nonce);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { keyId: current.id, sealed: Buffer.concat([Buffer.from([FORMAT]), nonce, cipher.getAuthTag(), body]) };
}

/** Opens what seal() made; throws when the key is unknown or the bytes or context were changed. */
export function open(sealed: Uint8Array, keyId: string, context: string): Buffer {
  const key = getKeyring().byId.get(keyId);
  if (!key) throw new Error(`results encryption key ${keyId} is not configured`);
  const bytes = Buffer.from(sealed);
  if (bytes[0] !== FORMAT || bytes.length < 1 + NONCE_BYTES + TAG_BYTES) throw new Error("not a sealed result");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(1, 1 + NONCE_BYTES));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(bytes.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(1 + NONCE_BYTES + TAG_BYTES)), decipher.final()]);
}

export function sealJson(value: unknown, context: string) {
  return seal(Buffer.from(JSON.stringify(value), "utf8"), context);
}

export function openJson<T>(sealed: Uint8Array, keyId: string, context: string): T {
  return JSON.parse(open(sealed, keyId, context).toString("utf8")) as T;
}
