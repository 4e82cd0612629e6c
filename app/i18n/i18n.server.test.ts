import { expect, test } from "vitest";
import { serverT } from "~/i18n/i18n.server";

test("the server's t gives each language its own text, the same on every call, and fills values each time", () => {
  const english = serverT("en", "catalog");
  const arabic = serverT("ar", "catalog");
  expect(english("Add to Cart")).toBe("Add to Cart");
  expect(arabic("Add to Cart")).not.toBe("Add to Cart");
  expect(arabic("Add to Cart")).toBe(serverT("ar", "catalog")("Add to Cart"));
  expect(english("Add to Cart")).toBe("Add to Cart");
  expect(english("at {{count}} labs", { count: 1 })).toBe("at 1 lab");
  expect(english("at {{count}} labs", { count: 3 })).toBe("at 3 labs");
  expect(arabic("at {{count}} labs", { count: 3 })).not.toBe(arabic("at {{count}} labs", { count: 11 }));
});
