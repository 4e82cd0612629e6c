import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { profiles, savedPatients } from "~/db/schema";
import { maskEmiratesId, type HomeAddressInput, type SavedPatientInput } from "~/modules/accounts/saved-patient-schema";
import type { PatientSex } from "~/modules/accounts/patient-sexes";
import type { BillingDetails, BillingDetailsInput } from "~/modules/accounts/billing-details";

/** A saved patient as its owner sees it (the Emirates ID in full: it is theirs). */
export type SavedPatient = {
  id: string;
  fullName: string;
  dateOfBirth: string;
  sex: PatientSex;
  phone: string | null;
  emiratesId: string | null;
  isAccountHolder: boolean;
};

/** An account can hold this many patients (the holder and family members). */
export const MAX_SAVED_PATIENTS = 12;

const columns = {
  id: savedPatients.id,
  fullName: savedPatients.fullName,
  dateOfBirth: savedPatients.dateOfBirth,
  sex: savedPatients.sex,
  phone: savedPatients.phone,
  emiratesId: savedPatients.emiratesId,
  isAccountHolder: savedPatients.isAccountHolder,
};

/** The account's own patients: the holder first, then family members in the order they were added. */
export function listSavedPatients(userId: string): Promise<SavedPatient[]> {
  return db
    .select(columns)
    .from(savedPatients)
    .where(eq(savedPatients.userId, userId))
    .orderBy(desc(savedPatients.isAccountHolder), asc(savedPatients.createdAt), asc(savedPatients.id));
}

/** The account's patients among `ids` (another account's ids are simply not found). */
export async function savedPatientsByIds(userId: string, ids: string[], executor: Executor = db): Promise<Map<string, SavedPatient>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select(columns)
    .from(savedPatients)
    .where(and(eq(savedPatients.userId, userId), inArray(savedPatients.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
}

export type SavePatientOutcome = { outcome: "saved"; patient: SavedPatient } | { outcome: "not-found" } | { outcome: "too-many" };

/** Adds a patient to the account, or changes one of its own (`patientId`); one account holder at most. */
export async function saveSavedPatient(userId: string, input: SavedPatientInput, patientId?: string | null): Promise<SavePatientOutcome> {
  return db.transaction(async (tx) => {
    if (!patientId) {
      const existing = await tx.select({ id: savedPatients.id }).from(savedPatients).where(eq(savedPatients.userId, userId));
      if (existing.length >= MAX_SAVED_PATIENTS) return { outcome: "too-many" } as const;
    }
    if (input.isAccountHolder) {
      await tx.update(savedPatients).set({ isAccountHolder: false }).where(and(eq(savedPatients.userId, userId), eq(savedPatients.isAccountHolder, true)));
    }
    const [patient] = patientId
      ? await tx
          .update(savedPatients)
          .set({ ...input, updatedAt: new Date() })
          .where(and(eq(savedPatients.id, patientId), eq(savedPatients.userId, userId)))
          .returning(columns)
      : await tx
          .insert(savedPatients)
          .values({ ...input, userId })
          .returning(columns);
    if (!patient) return { outcome: "not-found" } as const;
    return { outcome: "saved", patient } as const;
  });
}

/** Removes one of the account's own patients; past bookings keep what was sent to the lab. */
export async function deleteSavedPatient(userId: string, patientId: string): Promise<"deleted" | "not-found"> {
  const removed = await db
    .delete(savedPatients)
    .where(and(eq(savedPatients.id, patientId), eq(savedPatients.userId, userId)))
    .returning({ id: savedPatients.id });
  return removed.length > 0 ? "deleted" : "not-found";
}

/** A patient as someone other than its owner sees it (lab, admin): the Emirates ID masked. */
export function patientForOthers(patient: Pick<SavedPatient, "emiratesId">) {
  return { ...patient, emiratesId: maskEmiratesId(patient.emiratesId) };
}

export type SavedHomeAddress = {
  homeArea: string | null;
  homeBuilding: string | null;
  homeFlat: string | null;
  homeLandmark: string | null;
  homeLatitude: number | null;
  homeLongitude: number | null;
  phone: string | null;
};

/** The home-collection address and phone saved on the account (all null when never saved). */
export async function getSavedHomeAddress(userId: string): Promise<SavedHomeAddress> {
  const [row] = await db
    .select({
      homeArea: profiles.homeArea,
      homeBuilding: profiles.homeBuilding,
      homeFlat: profiles.homeFlat,
      homeLandmark: profiles.homeLandmark,
      homeLatitude: profiles.homeLatitude,
      homeLongitude: profiles.homeLongitude,
      phone: profiles.phone,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? { homeArea: null, homeBuilding: null, homeFlat: null, homeLandmark: null, homeLatitude: null, homeLongitude: null, phone: null };
}

/** Saves the home-collection address and phone on the account for next time. */
export async function saveHomeAddress(userId: string, input: HomeAddressInput) {
  await db
    .insert(profiles)
    .values({ id: userId, ...input })
    .onConflictDoUpdate({ target: profiles.id, set: { ...input, updatedAt: new Date() } });
}

/** The invoice details saved on the account (nulls when none). */
export async function getBillingDetails(userId: string): Promise<BillingDetails> {
  const [row] = await db
    .select({ billingName: profiles.billingName, billingAddress: profiles.billingAddress, billingTrn: profiles.billingTrn })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? { billingName: null, billingAddress: null, billingTrn: null };
}

/** Saves the invoice details on the account; an empty field clears it. Invoices already issued keep what they were issued with. */
export async function saveBillingDetails(userId: string, input: BillingDetailsInput) {
  const values = { billingName: input.billingName || null, billingAddress: input.billingAddress || null, billingTrn: input.billingTrn || null };
  await db
    .insert(profiles)
    .values({ id: userId, ...values })
    .onConflictDoUpdate({ target: profiles.id, set: { ...values, updatedAt: new Date() } });
}
