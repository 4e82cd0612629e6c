import type { CollectionType } from "~/modules/slots/collection-types";
import { homeAddressKey, plainText } from "~/modules/slots/home-visit";

// Issue 26, "The time": one patient cannot be in two places at the same moment (refused,
// patient-conflicts.server.ts). Two of a patient's visits at two places a little apart are
// allowed, and My Bookings points them out so the patient leaves time to travel
// (docs/decisions/0051-one-appointment-time.md). Client-safe.

/** Visits of one patient at two places this close (either way) are pointed out. */
export const NEARBY_VISIT_MINUTES = 90;

/** Where a visit is taken: a lab's walk-in, or a home visit of a lab at one address. */
export type VisitPlace = { labId: string | null; type: CollectionType | null; homeArea?: string | null; homeAddress?: string | null };

/** One key per place: two visits with different keys are in two places. */
export const placeKey = (visit: VisitPlace) =>
  visit.type === "home" ? `home|${visit.labId}|${homeAddressKey(visit.homeArea, visit.homeAddress)}` : `walk_in|${visit.labId}`;

type Visit = VisitPlace & { id: string; patientName: string; slotStart: Date | string | null };

/**
 * For each of `visits` (the account's active ones) with a slot, the same patient's closest other
 * visit at another place starting within NEARBY_VISIT_MINUTES of it (not at the same moment, which
 * booking refuses); visits without one are absent.
 */
export function nearbyVisits<T extends Visit>(visits: T[]): Map<string, T> {
  const timed = visits.flatMap((visit) =>
    visit.slotStart ? [{ visit, at: new Date(visit.slotStart).getTime(), patient: plainText(visit.patientName), place: placeKey(visit) }] : [],
  );
  const nearby = new Map<string, T>();
  for (const one of timed) {
    let closest: { visit: T; apart: number } | null = null;
    for (const other of timed) {
      const apart = Math.abs(other.at - one.at);
      if (apart === 0 || apart > NEARBY_VISIT_MINUTES * 60_000 || other.patient !== one.patient || other.place === one.place) continue;
      if (!closest || apart < closest.apart) closest = { visit: other.visit, apart };
    }
    if (closest) nearby.set(one.visit.id, closest.visit);
  }
  return nearby;
}
