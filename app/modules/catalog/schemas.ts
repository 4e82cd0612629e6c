import { z } from "zod";
import { aedToFils } from "~/utils/money";
import { checkbox, optionalEmail, optionalText, optionalUrl, requiredText } from "~/utils/form-fields";
import { text } from "~/utils/text-schema";
import { isCalendarDate } from "~/utils/dubai-date";
import { WEEKDAY_NAMES, weekdays, type OpeningHours, type Weekday } from "~/modules/slots/collection-types";
import { TestFormSchema } from "~/modules/catalog/test-form-schema";

export const CategoryFormSchema = z.object({
  name: requiredText("Name is required", 120),
  description: optionalText(2000),
  icon: z.enum(["heart", "dna", "none"]).default("none").transform((icon) => (icon === "none" ? null : icon)),
  nameAr: optionalText(120, true),
  descriptionAr: optionalText(2000),
  /** VAT of the category's tests (issue 29; the list is invoices/vat-rates.ts, a layer above, and a CHECK in the database). */
  vatRate: z.enum(["standard", "zero"]).default("standard"),
});

export type CategoryInput = z.output<typeof CategoryFormSchema>;

/** Areas of Abu Dhabi offered as suggestions in the lab form (any other area may be typed). */
export const ABU_DHABI_AREAS = [
  "Al Reem Island",
  "Al Khalidiyah",
  "Al Bateen",
  "Al Mushrif",
  "Al Nahyan",
  "Corniche",
  "Tourist Club Area",
  "Saadiyat Island",
  "Yas Island",
  "Al Raha",
  "Khalifa City",
  "Mohammed Bin Zayed City",
  "Mussafah",
  "Shakhbout City",
  "Al Shamkha",
  "Al Ain",
] as const;

/** The form fields of a weekday's hours: `monOpen`, `monClose` (blank both = closed). */
export const openField = (day: Weekday) => `${day}Open` as const;
export const closeField = (day: Weekday) => `${day}Close` as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const MAX_HOME_FEE_AED = 1000;

/** An optional "HH:MM" time (what a time input sends); blank becomes null. */
const optionalTime = () =>
  text()
    .trim()
    .max(5)
    .optional()
    .refine((value) => !value || TIME.test(value), "Enter a time as HH:MM")
    .transform((value) => value || null);

/** An optional coordinate in degrees within [-limit, limit]; blank becomes null. */
const optionalCoordinate = (name: string, limit: number) => {
  const message = `${name} must be a number between -${limit} and ${limit}`;
  return text()
    .trim()
    .max(30)
    .optional()
    .refine((value) => !value || (/^-?\d+(\.\d+)?$/.test(value) && Math.abs(Number(value)) <= limit), message)
    .transform((value) => (value ? Number(value) : null));
};

/** A whole number typed in a field, from min to max; blank gives the default. */
const wholeNumber = (fallback: number, min: number, max: number, message: string) =>
  text()
    .trim()
    .max(10)
    .optional()
    .refine((value) => !value || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max), message)
    .transform((value) => (value ? Number(value) : fallback));

const minutesMessage = "Slot length must be a whole number of minutes from 5 to 480";
const capacityMessage = "Capacity must be a whole number from 0 to 500";

const hourFields = Object.fromEntries(weekdays.flatMap((day) => [[openField(day), optionalTime()], [closeField(day), optionalTime()]])) as Record<
  `${Weekday}Open` | `${Weekday}Close`,
  ReturnType<typeof optionalTime>
>;

/**
 * The lab's own fields that its managers keep up to date in the partner portal as well as the
 * admin's lab form: texts in English and Arabic, contact, opening hours, home collection and slots.
 */
const labProfileShape = {
  description: optionalText(2000),
  address: optionalText(2000),
  nameAr: optionalText(160, true),
  descriptionAr: optionalText(2000),
  addressAr: optionalText(2000),
  contactPhone: text().trim().max(40).optional().transform((value) => value || null),
  contactEmail: optionalEmail(),
  ...hourFields,
  homeCollectionFee: text()
    .trim()
    .max(12)
    .optional()
    .refine(
      (value) => !value || (/^\d+(\.\d{1,2})?$/.test(value) && Number(value) <= MAX_HOME_FEE_AED),
      `Home-collection fee must be an amount in AED from 0 to ${MAX_HOME_FEE_AED.toLocaleString("en")} with at most 2 decimals`,
    )
    .transform((value) => (value ? aedToFils(Number(value)) : null)),
  homeCollectionAreas: text()
    .max(4000)
    .optional()
    .transform((value) => [...new Set((value ?? "").split(/[,\n]/).map((area) => area.trim()).filter(Boolean))]),
  walkInSlotMinutes: wholeNumber(30, 5, 480, minutesMessage),
  walkInCapacity: wholeNumber(4, 0, 500, capacityMessage),
  homeSlotMinutes: wholeNumber(60, 5, 480, minutesMessage),
  homeCapacity: wholeNumber(2, 0, 500, capacityMessage),
};

type HourFields = Record<`${Weekday}Open` | `${Weekday}Close`, string | null>;
type ProfileFields = HourFields & { homeCollectionFee: number | null; homeCollectionAreas: string[] };

/** Each weekday's hours both given (closing after opening) or both blank; home collection names its areas. */
function checkHoursAndHomeCollection(lab: ProfileFields, ctx: z.RefinementCtx) {
  for (const day of weekdays) {
    const open = lab[openField(day)];
    const close = lab[closeField(day)];
    if ((open === null) !== (close === null)) {
      ctx.addIssue({
        code: "custom",
        path: [open === null ? openField(day) : closeField(day)],
        message: `Enter both opening and closing times for ${WEEKDAY_NAMES[day]}, or neither when closed`,
      });
    } else if (open && close && close <= open) {
      ctx.addIssue({ code: "custom", path: [closeField(day)], message: `${WEEKDAY_NAMES[day]} must close after it opens` });
    }
  }
  if (lab.homeCollectionFee !== null && lab.homeCollectionAreas.length === 0) {
    ctx.addIssue({ code: "custom", path: ["homeCollectionAreas"], message: "List the areas the home collection serves" });
  }
}

/** The form's values as the labs row's columns: the weekdays' hours as openingHours (null when none), the fee in fils. */
function toLabColumns<Lab extends ProfileFields>({ homeCollectionFee, ...lab }: Lab) {
  const hours = Object.fromEntries(
    weekdays.map((day) => {
      const open = lab[openField(day)];
      const close = lab[closeField(day)];
      return [day, open && close ? { open, close } : null];
    }),
  ) as OpeningHours;
  const published = weekdays.some((day) => hours[day] !== null);
  const row = Object.fromEntries(Object.entries(lab).filter(([key]) => !/(Open|Close)$/.test(key))) as Omit<Lab, keyof HourFields | "homeCollectionFee">;
  return { ...row, openingHours: published ? hours : null, homeCollectionFeeFils: homeCollectionFee };
}

/**
 * The lab form: the spec's fields, then what a patient needs to choose a lab (area, coordinates,
 * opening hours, home collection) and its slot settings. Its output is the labs row's columns.
 */
export const LabFormSchema = z
  .object({
    name: requiredText("Name is required", 160),
    isActive: checkbox(),
    logoUrl: optionalUrl(),
    bannerUrl: optionalUrl(),
    area: optionalText(120, true),
    latitude: optionalCoordinate("Latitude", 90),
    longitude: optionalCoordinate("Longitude", 180),
    ...labProfileShape,
  })
  .superRefine((lab, ctx) => {
    if ((lab.latitude === null) !== (lab.longitude === null)) {
      const missing = lab.latitude === null ? "latitude" : "longitude";
      ctx.addIssue({ code: "custom", path: [missing], message: "Enter both latitude and longitude, or neither" });
    }
    checkHoursAndHomeCollection(lab, ctx);
  })
  .transform(toLabColumns);

const MAX_CLOSED_DATES = 366;

/**
 * A lab's closed days (holidays such as Eid): yyyy-MM-dd dates, one per line or separated by
 * commas; each at most once, in order.
 */
const closedDatesField = () =>
  text()
    .max(8000)
    .optional()
    .transform((value) => [...new Set((value ?? "").split(/[,\s]+/).map((date) => date.trim()).filter(Boolean))].sort())
    .refine((dates) => dates.every(isCalendarDate), "Enter each closed day as a date, e.g. 2026-03-20")
    .refine((dates) => dates.length <= MAX_CLOSED_DATES, `At most ${MAX_CLOSED_DATES} closed days`);

/**
 * The partner portal's lab profile (its managers): the lab's own fields of the lab form, and its
 * closed days. The name, status, pictures and location stay with the admins.
 */
export const LabProfileFormSchema = z
  .object({ ...labProfileShape, closedDates: closedDatesField() })
  .superRefine(checkHoursAndHomeCollection)
  .transform(toLabColumns);

export type LabProfileInput = z.output<typeof LabProfileFormSchema>;

export type LabInput = z.output<typeof LabFormSchema>;

const MAX_RESULT_HOURS = 24 * 90;

/** The add/edit offer form of a lab: the test (chosen by search), its price, result time, collection types and status. */
export const OfferFormSchema = z
  .object({
    labId: z.uuid("Unknown lab"),
    testId: z.uuid("Please choose a test from the list"),
    price: TestFormSchema.shape.price,
    resultHours: text()
      .trim()
      .max(10)
      .optional()
      .refine(
        (value) => !value || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_RESULT_HOURS),
        `Result time must be a whole number of hours from 1 to ${MAX_RESULT_HOURS}`,
      )
      .transform((value) => (value ? Number(value) : null)),
    walkIn: checkbox(),
    homeCollection: checkbox(),
    isActive: checkbox(),
  })
  .refine((offer) => offer.walkIn || offer.homeCollection, { path: ["walkIn"], message: "Choose walk-in, home collection or both" });

export type OfferFormInput = z.output<typeof OfferFormSchema>;
