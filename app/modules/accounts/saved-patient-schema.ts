// The saved patients of an account and the saved home-collection address (issue 26): the forms'
// Zod schemas, shared by the browser and the server, and the Emirates ID rule. Client-safe.
import { z } from "zod";
import { patientSexes } from "~/modules/accounts/patient-sexes";
import { isCalendarDate, todayInDubai } from "~/utils/dubai-date";
import { text } from "~/utils/text-schema";

const EMIRATES_ID = /^784-(\d{4})-(\d{7})-(\d)$/;
const PHONE = /^[+\d][\d\s()-]{5,}$/;
const OLDEST_BIRTH_YEAR = 1900;

/** "784 1990 1234567 1", "784199012345671" or "784-1990-1234567-1" as 784-YYYY-NNNNNNN-N; null when it cannot be one. */
export function normaliseEmiratesId(value: string): string | null {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{15}$/.test(digits)) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7, 14)}-${digits.slice(14)}`;
}

/** The Luhn check digit every Emirates ID ends with, over its first 14 digits. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A well-formed Emirates ID: 784, a birth year no later than this year, 7 digits and a valid check digit. */
export function isEmiratesId(value: string, thisYear = Number(todayInDubai().slice(0, 4))): boolean {
  const match = EMIRATES_ID.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= OLDEST_BIRTH_YEAR && year <= thisYear && luhnValid(value.replace(/-/g, ""));
}

/** How an Emirates ID is shown to anyone but its owner: only its last five digits, e.g. 784-****-***4567-1. */
export function maskEmiratesId(value: string | null): string | null {
  if (!value) return null;
  const digits = value.replace(/-/g, "");
  return `784-****-***${digits.slice(10, 14)}-${digits.slice(14)}`;
}

const optionalText = (max: number, message = "Please use at most {{max}} characters") =>
  text()
    .trim()
    .max(max, message.replace("{{max}}", String(max)))
    .nullish()
    .transform((value) => value || null);

export const SavedPatientSchema = z.object({
  fullName: text({ error: "Patient name is required" })
    .trim()
    .min(1, "Patient name is required")
    .max(200, "Please use at most 200 characters"),
  dateOfBirth: text({ error: "Please enter the date of birth" }).superRefine((value, context) => {
    if (!isCalendarDate(value)) context.addIssue({ code: "custom", message: "Please enter the date of birth" });
    else if (value > todayInDubai() || Number(value.slice(0, 4)) < OLDEST_BIRTH_YEAR) {
      context.addIssue({ code: "custom", message: "Please enter a real date of birth" });
    }
  }),
  sex: z.enum(patientSexes, { error: "Please choose the patient's sex" }),
  phone: optionalText(30).refine((value) => !value || PHONE.test(value), { message: "Please enter a valid phone number" }),
  emiratesId: text()
    .trim()
    .nullish()
    .transform((value) => (value ? (normaliseEmiratesId(value) ?? value) : null))
    .refine((value) => value === null || isEmiratesId(value), {
      message: "Please enter the Emirates ID as 784-YYYY-NNNNNNN-N",
    }),
  isAccountHolder: z
    .union([z.literal("on"), z.literal("true"), z.boolean()])
    .nullish()
    .transform((value) => value === "on" || value === "true" || value === true),
});
export type SavedPatientInput = z.infer<typeof SavedPatientSchema>;

const coordinate = (min: number, max: number) =>
  text()
    .trim()
    .nullish()
    .transform((value) => (value ? Number(value) : null))
    .refine((value) => value === null || (Number.isFinite(value) && value >= min && value <= max), { message: "Please pick the place on the map again" });

/** The home-collection address: area, building, flat and landmark are required; the map pin is optional. */
export const HomeAddressSchema = z
  .object({
    homeArea: text({ error: "Please choose your area" }).trim().min(1, "Please choose your area").max(100, "Please use at most 100 characters"),
    homeBuilding: text({ error: "Please enter the building" }).trim().min(1, "Please enter the building").max(150, "Please use at most 150 characters"),
    homeFlat: text({ error: "Please enter the flat or villa number" }).trim().min(1, "Please enter the flat or villa number").max(50, "Please use at most 50 characters"),
    homeLandmark: text({ error: "Please enter a landmark" }).trim().min(1, "Please enter a landmark").max(150, "Please use at most 150 characters"),
    homeLatitude: coordinate(-90, 90),
    homeLongitude: coordinate(-180, 180),
    phone: text({ error: "Home collection needs a phone number" })
      .trim()
      .min(1, "Home collection needs a phone number")
      .max(30, "Please use at most 30 characters")
      .refine((value) => PHONE.test(value), "Please enter a valid phone number"),
  })
  .refine((value) => (value.homeLatitude === null) === (value.homeLongitude === null), {
    path: ["homeLatitude"],
    message: "Please pick the place on the map again",
  });
export type HomeAddressInput = z.infer<typeof HomeAddressSchema>;

/** One line for the lab and the order: "Building, Flat 12, near Landmark" (the area travels separately). */
export function homeAddressLine(address: { homeBuilding: string | null; homeFlat: string | null; homeLandmark: string | null }): string {
  return [address.homeBuilding, address.homeFlat ? `Flat ${address.homeFlat}` : null, address.homeLandmark ? `near ${address.homeLandmark}` : null]
    .filter(Boolean)
    .join(", ");
}

/** Age in whole years on `today` (yyyy-MM-dd), from a date of birth. */
export function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return today.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}
