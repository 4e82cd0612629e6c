import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { keyIdOf, open, openJson, parseResultKey, seal, sealJson, setResultKeysForTests } from "~/utils/sealing.server";

describe("sealing of results", () => {
  afterEach(() => setResultKeysForTests(null));

  it("seals so that the bytes reveal nothing and open only with the key and the same context", () => {
    setResultKeysForTests({ current: randomBytes(32) });
    const { keyId, sealed } = sealJson({ analyte: "Haemoglobin A1c", value: "7.9" }, "value:1");
    expect(sealed.toString("latin1")).not.toContain("Haemoglobin");
    expect(openJson(sealed, keyId, "value:1")).toEqual({ analyte: "Haemoglobin A1c", value: "7.9" });
    expect(() => open(sealed, keyId, "value:2")).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    expect(() => open(tampered, keyId, "value:1")).toThrow();
    // Two seals of the same text differ (a fresh nonce each time).
    expect(seal(Buffer.from("x"), "c").sealed.equals(seal(Buffer.from("x"), "c").sealed)).toBe(false);
  });

  it("opens rows sealed with an older key after a rotation, and names an unknown key", () => {
    const oldKey = randomBytes(32);
    setResultKeysForTests({ current: oldKey });
    const before = seal(Buffer.from("report"), "file:1");
    const newKey = randomBytes(32);
    setResultKeysForTests({ current: newKey, old: [oldKey] });
    expect(open(before.sealed, before.keyId, "file:1").toString()).toBe("report");
    expect(seal(Buffer.from("x"), "c").keyId).toBe(keyIdOf(newKey));
    setResultKeysForTests({ current: newKey });
    expect(() => open(before.sealed, before.keyId, "file:1")).toThrow(/is not configured/);
  });

  it("reads a key written in hex or base64 and refuses another length", () => {
    const key = randomBytes(32);
    expect(parseResultKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseResultKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => parseResultKey("abcd")).toThrow(/32 bytes/);
  });
});
