import { describe, expect, it } from "vitest";
import { homeVisitsInRouteOrder } from "~/modules/slots/lab-day";

const visit = (id: string, homeArea: string | null, status = "confirmed") => ({ id, homeArea, status });

describe("a day's home visits in route order", () => {
  it("groups visits by area in the lab's area order, each area by time, without cancelled visits", () => {
    const route = homeVisitsInRouteOrder(
      [
        { time: "11:00", bookings: [visit("a", "Al Reem Island"), visit("b", "Corniche", "cancelled")] },
        { time: "09:00", bookings: [visit("c", "Al Reem Island"), visit("d", "Khalifa City")] },
        { time: "10:00", bookings: [visit("e", "Corniche"), visit("f", "Old Area")] },
      ],
      ["Corniche", "Al Reem Island", "Khalifa City"],
    );
    expect(route.map(({ area, visits }) => [area, visits.map(({ time, booking }) => `${time} ${booking.id}`)])).toEqual([
      ["Corniche", ["10:00 e"]],
      ["Al Reem Island", ["09:00 c", "11:00 a"]],
      ["Khalifa City", ["09:00 d"]],
      ["Old Area", ["10:00 f"]],
    ]);
  });
});
