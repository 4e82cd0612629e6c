import type { LabChoice, Preparation, SlotChoice } from "~/modules/booking/booking-options";
import type { ReferralRequirement } from "~/modules/catalog/referral-requirement";
import type { CollectionType } from "~/modules/slots/collection-types";

/** The form field of one checkout line's choice: e.g. `labId:{testId}`. */
export const lineField = (name: "labId" | "collectionType" | "slotTime" | "homeAddress" | "homeArea", testId: string) =>
  `${name}:${testId}`;

/** The form field of the patient of one unit of a checkout line: e.g. `patient:{testId}:0`. */
export const unitPatientField = (testId: string, unit: number) => `patient:${testId}:${unit}`;

/** The field-error key of the patients of one checkout line. */
export const linePatientsErrorKey = (testId: string) => `patients:${testId}`;

/** A saved patient as the details step offers it (name only: the rest stays on the server). */
export type PatientChoice = { id: string; fullName: string };

/** The field-error key of one checkout line (its messages name the line). */
export const lineErrorKey = (testId: string) => `line:${testId}`;

/** One cart line of checkout's details step with the labs offering it and the patient's choices. */
export type CheckoutLineView = {
  testId: string;
  testName: string;
  testNameAr: string | null;
  quantity: number;
  /** The labs offering the test, cheapest first; empty for a test without offers (no choices). */
  labs: LabChoice[];
  /** The lab the line is bought from (the chosen one or the cheapest). */
  labId: string | null;
  collectionType: CollectionType;
  /** The line's own time ("" = the appointment time). */
  slotTime: string;
  homeAddress: string | null;
  homeArea: string | null;
  /** The saved patient of each unit ("" = the patient in the details form), one per unit. */
  patientIds: string[];
  /** The lab's slots on the saved appointment date (null without a date). */
  slots: SlotChoice[] | null;
  /** The test's preparation, beside the line's time choice (a fasting test's morning times first). */
  preparation: Preparation;
  /** What the test asks for before booking (issue 26), and the referral the line already holds. */
  referral: ReferralRequirement;
  referralDoctorName: string | null;
  hasReferralFile: boolean;
};
