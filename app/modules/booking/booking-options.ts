import type { CollectionType } from "~/modules/slots/collection-types";
import type { ReferralRequirement } from "~/modules/catalog/referral-requirement";
import type { ChangePolicyFacts } from "~/modules/lifecycle/cancellation-policy";

/** One lab the patient may book a test at (client-safe: the booking form's lab choice). */
export type LabChoice = {
  labId: string;
  labName: string;
  labNameAr: string | null;
  area: string | null;
  priceFils: number;
  walkIn: boolean;
  homeCollection: boolean;
  homeCollectionFeeFils: number | null;
  homeCollectionAreas: string[];
};

/** Where the booking form's area came from: the page (search filter, product page), the saved address, the last booking. */
export type AreaSource = "page" | "address" | "booking";

/** One slot time as the booking form shows it (too-soon slots are left out). */
export type SlotChoice = { time: string; status: "free" | "full"; free: number };

/** A test's preparation as text (English, Arabic), shown beside the time choice (issue 26); null when it has none. */
export type Preparation = { en: string; ar: string | null } | null;

/** One of the account's active bookings on the chosen day, listed beside its times (decision 0051). */
export type DayBooking = {
  time: string;
  patientName: string;
  labName: string | null;
  labNameAr: string | null;
  type: CollectionType | null;
  homeArea: string | null;
};

/**
 * GET /api/slots's answer: the test's labs (cheapest first), the chosen lab (null: any lab, the
 * cheapest with the time free), and the slots that day (for any lab, all labs' times merged).
 */
export type BookingOptions = {
  labs: LabChoice[];
  labId: string | null;
  type: CollectionType;
  date: string | null;
  slots: SlotChoice[] | null;
  /** The cancellation terms' numbers, shown before anything is booked (issue 26). */
  policy?: ChangePolicyFacts;
  preparation?: Preparation;
  /** What the test asks for before booking (issue 26): nothing, the doctor's name, or an upload. */
  referral?: ReferralRequirement;
  /**
   * The patient's area (issue 26) and where it came from; null when none is known. With an area,
   * `labs` mark home collection only at the labs collecting there (areaPrice's rule), and
   * `areas` lists every area some lab offering the test collects in, to change it.
   */
  area?: { area: string; source: AreaSource } | null;
  areas?: string[];
  /** A signed-in patient's own active bookings on `date`, so that a time is not picked blind (decision 0051). */
  dayBookings?: DayBooking[];
};

/**
 * The labs the lab choice lists, each at what the patient pays: with home collection in a known
 * area only the labs collecting there (the server's areaPrice marked them), fee included, cheapest
 * total first; otherwise every lab at its price.
 */
export function listedLabs(labs: LabChoice[], type: CollectionType, area: string | null) {
  if (type !== "home" || !area) return labs.map((lab) => ({ lab, shownFils: lab.priceFils }));
  return labs
    .filter((lab) => lab.homeCollection)
    .map((lab) => ({ lab, shownFils: lab.priceFils + (lab.homeCollectionFeeFils ?? 0) }))
    .sort((a, b) => a.shownFils - b.shownFils);
}
