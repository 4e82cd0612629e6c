import { describe, expect, it } from "vitest";
import { alreadyMessage, labActionRefusal, labActionsFor, NO_SHOW_TOO_EARLY_MESSAGE, SAMPLE_TOO_EARLY_MESSAGE } from "~/modules/partner/lab-booking-rules";
import { slotStartFor } from "~/modules/slots/schedule";

const booking = (status: Parameters<typeof labActionsFor>[0]["status"], date = "2026-12-01", time = "09:00") => ({ status, scheduledDate: date, start: slotStartFor(date, time) });
const at = (date: string, time: string) => slotStartFor(date, time);

describe("what a lab member may do with a booking, and when", () => {
  it("a pending booking: confirm, collect and cancel from its day; a no-show only once its slot has started", () => {
    expect(labActionsFor(booking("pending"), at("2026-11-30", "23:00"))).toEqual(["confirm", "cancel"]);
    expect(labActionRefusal("collected", booking("pending"), at("2026-11-30", "23:59"))).toBe(SAMPLE_TOO_EARLY_MESSAGE);
    expect(labActionsFor(booking("pending"), at("2026-12-01", "00:00"))).toEqual(["confirm", "collected", "cancel"]);
    expect(labActionRefusal("no-show", booking("pending"), at("2026-12-01", "08:59"))).toBe(NO_SHOW_TOO_EARLY_MESSAGE);
    expect(labActionsFor(booking("pending"), at("2026-12-01", "09:00"))).toEqual(["confirm", "collected", "no-show", "cancel"]);
  });

  it("a confirmed booking is not confirmed again; a finished one takes no action, with the reason", () => {
    expect(labActionsFor(booking("confirmed"), at("2026-12-01", "10:00"))).toEqual(["collected", "no-show", "cancel"]);
    expect(labActionRefusal("confirm", booking("confirmed"), at("2026-12-01", "10:00"))).toBe("This booking is already confirmed.");
    for (const status of ["completed", "cancelled", "sample_collected", "no_show"] as const) {
      expect(labActionsFor(booking(status), at("2026-12-01", "10:00"))).toEqual([]);
      expect(labActionRefusal("cancel", booking(status), at("2026-12-01", "10:00"))).toBe(alreadyMessage(status));
    }
    expect(alreadyMessage("no_show")).toBe("This booking is already marked a no-show.");
  });
});
