import { describe, expect, it } from "vitest";
import { loadFailureMessage } from "~/utils/load-failure";

describe("load-failure messages", () => {
  it("are the spec's, for the English and the Arabic page alike, and none for other pages", () => {
    expect(loadFailureMessage("routes/dashboard")).toBe("Error fetching data");
    expect(loadFailureMessage("ar/routes/search")).toBe("Error fetching tests");
    expect(loadFailureMessage("routes/admin/webhooks")).toBe("Failed to fetch webhooks");
    expect(loadFailureMessage("routes/product")).toBeNull();
    expect(loadFailureMessage(undefined)).toBeNull();
  });
});
