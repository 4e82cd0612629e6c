import { describe, expect, it } from "vitest";
import { itemsPreview } from "~/modules/orders/order-history-table";
import { canResumeOrCancel } from "~/modules/lifecycle/order-status";
import { statusBadgeVariant } from "~/modules/lifecycle/status-badge";

describe("order history rows", () => {
  it("list the first 2 items, then '+N more'", () => {
    const items = ["Vitamin D", "HbA1c", "Lipid Panel", "TSH"].map((testName) => ({ testName }));
    expect(itemsPreview(items.slice(0, 1))).toBe("Vitamin D");
    expect(itemsPreview(items.slice(0, 2))).toBe("Vitamin D, HbA1c");
    expect(itemsPreview(items)).toBe("Vitamin D, HbA1c +2 more");
    expect(itemsPreview(items, (count) => `و${count} أخرى`, "، ")).toBe("Vitamin D، HbA1c و2 أخرى");
  });

  it("style status badges as the spec says", () => {
    expect(["paid", "confirmed", "completed"].map(statusBadgeVariant)).toEqual(["default", "default", "default"]);
    expect(statusBadgeVariant("pending")).toBe("secondary");
    expect(["cancelled", "failed"].map(statusBadgeVariant)).toEqual(["destructive", "destructive"]);
    expect(["expired", "refunded"].map(statusBadgeVariant)).toEqual(["outline", "outline"]);
  });

  it("offer Resume and Cancel only for unpaid orders that have not expired", () => {
    expect(canResumeOrCancel({ paymentStatus: "pending", orderStatus: "pending" })).toBe(true);
    expect(canResumeOrCancel({ paymentStatus: "pending", orderStatus: "expired" })).toBe(false);
    expect(canResumeOrCancel({ paymentStatus: "paid", orderStatus: "confirmed" })).toBe(false);
  });
});
