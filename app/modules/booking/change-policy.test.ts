import { describe, expect, it } from "vitest";
import { cancellationTerms, changeWindow, lateCancellationFee, rescheduleTerms, TOO_LATE_MESSAGE } from "~/modules/booking/change-policy";

const slot = new Date("2026-11-24T05:00:00.000Z"); // 09:00 in Abu Dhabi
const before = (minutes: number) => new Date(slot.getTime() - minutes * 60_000);

describe("the site's change rules", () => {
  it("refunds in full more than 24 hours ahead, charges the fee from 24 hours to 2 hours, and closes under 2 hours", () => {
    expect(changeWindow(slot, before(24 * 60 + 1))).toBe("free");
    expect(changeWindow(slot, before(24 * 60))).toBe("late");
    expect(changeWindow(slot, before(121))).toBe("late");
    expect(changeWindow(slot, before(120))).toBe("late");
    expect(changeWindow(slot, new Date(before(120).getTime() + 1))).toBe("closed");
    expect(changeWindow(slot, slot)).toBe("closed");
    expect(changeWindow(slot, new Date(slot.getTime() + 60_000))).toBe("closed");
  });

  it("a card booking gets back what it paid, less the fee inside 24 hours; an unpaid one has nothing to refund", () => {
    const card = { status: "confirmed" as const, slotStart: slot, payment: "card" as const, paidFils: 15_000, feePercent: 25 };
    expect(cancellationTerms({ ...card, now: before(25 * 60) })).toEqual({ allowed: true, window: "free", refundFils: 15_000, feeFils: 0, reason: null });
    expect(cancellationTerms({ ...card, now: before(10 * 60) })).toEqual({ allowed: true, window: "late", refundFils: 11_250, feeFils: 3_750, reason: null });
    expect(cancellationTerms({ ...card, feePercent: 0, now: before(10 * 60) })).toMatchObject({ refundFils: 15_000, feeFils: 0 });
    expect(cancellationTerms({ ...card, feePercent: 100, now: before(10 * 60) })).toMatchObject({ refundFils: 0, feeFils: 15_000 });
    expect(cancellationTerms({ ...card, payment: "unpaid", paidFils: 0, now: before(10 * 60) })).toMatchObject({ allowed: true, refundFils: 0, feeFils: 0 });
    expect(cancellationTerms({ ...card, now: before(60) })).toMatchObject({ allowed: false, refundFils: 0, reason: TOO_LATE_MESSAGE });
    expect(cancellationTerms({ ...card, status: "cancelled", now: before(25 * 60) })).toMatchObject({ allowed: false, reason: "This booking is already cancelled." });
    expect(cancellationTerms({ ...card, status: "completed", now: before(25 * 60) })).toMatchObject({ allowed: false });
  });

  it("rounds the fee to whole fils", () => {
    expect(lateCancellationFee(10_001, 25)).toBe(2_500);
    expect(lateCancellationFee(10_002, 25)).toBe(2_501);
  });

  it("a card payment gets a cheaper lab's difference back but cannot pay a dearer one; cash pays the new price at collection", () => {
    expect(rescheduleTerms({ payment: "card", currentTotalFils: 14_000, newTotalFils: 10_000 })).toEqual({
      allowed: true,
      differenceFils: -4_000,
      refundFils: 4_000,
      reason: null,
    });
    expect(rescheduleTerms({ payment: "card", currentTotalFils: 10_000, newTotalFils: 14_000 })).toMatchObject({
      allowed: false,
      differenceFils: 4_000,
      reason: "This lab costs AED 40.00 more. A card payment cannot be topped up: cancel and book again to choose this lab.",
    });
    expect(rescheduleTerms({ payment: "unpaid", currentTotalFils: 10_000, newTotalFils: 14_000 })).toMatchObject({ allowed: true, refundFils: 0 });
    expect(rescheduleTerms({ payment: "unpaid", currentTotalFils: 14_000, newTotalFils: 10_000 })).toMatchObject({ allowed: true, refundFils: 0 });
    expect(rescheduleTerms({ payment: "card", currentTotalFils: 10_000, newTotalFils: 10_000 })).toMatchObject({ allowed: true, refundFils: 0 });
  });
});
