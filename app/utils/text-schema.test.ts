import { describe, expect, it } from "vitest";
import { text } from "~/utils/text-schema";

describe("the text normaliser of form fields", () => {
  it("removes NUL, other control characters and DEL before the field's own checks", () => {
    const name = text({ error: "Name is required" }).trim().min(1, "Name is required").max(5);
    expect(name.parse("A\u0000b\u0007c\u007f")).toBe("Abc");
    expect(name.safeParse("\u0000 ").error?.issues[0].message).toBe("Name is required");
    expect(name.safeParse(undefined).error?.issues[0].message).toBe("Name is required");
  });

  it("keeps tabs and line breaks of multi-line text", () => {
    expect(text().parse("line 1\r\nline 2\tend")).toBe("line 1\r\nline 2\tend");
  });
});
