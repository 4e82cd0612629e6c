/**
 * A home-collection visit is one lab at one slot at one address, within one order (decision
 * 0029): each visit pays the lab's fee once. The fee is recorded on one active booking of the
 * visit (bookings.home_collection_fee_fils) and refunded only with the visit's last active
 * booking; a booking that leaves the visit before that hands it to the one that stays.
 * Client-safe: checkout's summary and order creation key visits the same way.
 */

/** A name or an address with spaces and capitals aside: two spellings of one are one. */
export const plainText = (text: string | null | undefined) => (text ?? "").trim().replace(/\s+/g, " ").toLowerCase();

/** An address as a visit compares it: area and address, spaces and capitals aside. */
export function homeAddressKey(area: string | null | undefined, address: string | null | undefined) {
  return `${plainText(area)}|${plainText(address)}`;
}

/** The key of the visit a home-collection line or booking belongs to (within one order). */
export function homeVisitKey(visit: { labId: string | null; slotStart: Date | null; homeArea: string | null; homeAddress: string | null }) {
  return `${visit.labId}|${visit.slotStart?.getTime()}|${homeAddressKey(visit.homeArea, visit.homeAddress)}`;
}
