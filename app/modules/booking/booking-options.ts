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

/** One slot time as the booking form shows it (too-soon slots are left out). */
export type SlotChoice = { time: string; status: "free" | "full"; free: number };

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
  /** The test's preparation as text (English, Arabic), shown beside the time choice (issue 26). */
  preparation?: { en: string; ar: string | null } | null;
  /** What the test asks for before booking (issue 26): nothing, the doctor's name, or an upload. */
  referral?: ReferralRequirement;
};
