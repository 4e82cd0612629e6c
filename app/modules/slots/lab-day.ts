// Client-safe helpers of the admin's lab day view (lab-day.server.ts reads the day).

/** The next calendar date after a yyyy-MM-dd date. */
export function nextDate(date: string) {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

export function previousDate(date: string) {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

type VisitBooking = { id: string; status: string; homeArea: string | null };

/**
 * A day's home visits as a collector drives them: grouped by area in the order of the lab's area
 * list (its route), areas the list no longer names after them (alphabetical), each area's visits
 * by time. Cancelled visits are left out.
 */
export function homeVisitsInRouteOrder<B extends VisitBooking>(slots: { time: string; bookings: B[] }[], areas: readonly string[]) {
  const byArea = new Map<string, { time: string; booking: B }[]>();
  for (const slot of slots) {
    for (const booking of slot.bookings) {
      if (booking.status === "cancelled") continue;
      const area = booking.homeArea ?? "No area given";
      byArea.set(area, [...(byArea.get(area) ?? []), { time: slot.time, booking }]);
    }
  }
  const rank = (area: string) => {
    const index = areas.indexOf(area);
    return index === -1 ? areas.length : index;
  };
  return [...byArea.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([area, visits]) => ({ area, visits: visits.sort((a, b) => a.time.localeCompare(b.time)) }));
}
