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

test("a text with numbers among its values is the same when asked again, and a text with words is filled anew", () => {
  const english = serverT("en", "catalog");
  const arabic = serverT("ar", "catalog");
  for (let round = 0; round < 3; round++) {
    expect(english("at {{count}} labs", { count: 1 })).toBe("at 1 lab");
    expect(english("at {{count}} labs", { count: 12 })).toBe("at 12 labs");
    expect(english("{{count}} tests found", { count: 12 })).toBe("12 tests found");
    expect(arabic("at {{count}} labs", { count: 2 })).not.toBe(arabic("at {{count}} labs", { count: 12 }));
  }
  const common = serverT("en", "common");
  expect(common("If you contact support, quote this reference: {{reference}}", { reference: "ab12" })).toBe("If you contact support, quote this reference: ab12");
  expect(common("If you contact support, quote this reference: {{reference}}", { reference: "cd34" })).toBe("If you contact support, quote this reference: cd34");
});
