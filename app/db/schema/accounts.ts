import { sql } from "drizzle-orm";
import { boolean, check, customType, date, doublePrecision, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "~/db/schema/auth";
import { createdAt, id, updatedAt } from "~/db/schema/columns";
import { patientSexes } from "~/modules/accounts/patient-sexes";

/** One row per user, created with the account; id equals the user's id. */
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  firstName: text("first_name"),
  lastName: text("last_name"),
  phone: text("phone"),
  /** The language of the customer's e-mails: their choice at sign-up, then on the profile. */
  language: text("language", { enum: ["en", "ar"] }).notNull().default("en"),
  /** When the customer last changed the language on the profile: from then on it wins over an order's page language (decision 0058). */
  languageChosenAt: timestamp("language_chosen_at", { withTimezone: true, mode: "date" }),
  /** The home-collection address saved for next time (issue 26): area, building, flat, landmark, optional map pin. */
  homeArea: text("home_area"),
  homeBuilding: text("home_building"),
  homeFlat: text("home_flat"),
  homeLandmark: text("home_landmark"),
  homeLatitude: doublePrecision("home_latitude"),
  homeLongitude: doublePrecision("home_longitude"),
  /**
   * Who the tax invoice is made out to, when not the patient: a business's name, its address and
   * its UAE TRN (15 digits), all optional; copied onto each invoice when it is issued (issue 29).
   */
  billingName: text("billing_name"),
  billingAddress: text("billing_address"),
  billingTrn: text("billing_trn"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [check("profiles_billing_trn_digits", sql`${t.billingTrn} ~ '^[0-9]{15}$'`)]);

export const userRoles = pgTable(
  "user_roles",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("user_roles_user_id_role_key").on(t.userId, t.role)],
);


/**
 * The patients saved on an account (the holder and family members), stored once and picked at
 * booking (issue 26). Health data: never logged, never in a URL or an e-mail body; the Emirates
 * ID is shown masked to anyone but its owner.
 */
export const savedPatients = pgTable(
  "saved_patients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
    sex: text("sex", { enum: patientSexes }).notNull(),
    phone: text("phone"),
    /** 784-YYYY-NNNNNNN-N, or null. */
    emiratesId: text("emirates_id"),
    /** The account holder's own entry (at most one per account). */
    isAccountHolder: boolean("is_account_holder").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("saved_patients_user_idx").on(t.userId, t.createdAt),
    check("saved_patients_sex_check", sql`${t.sex} in ('female', 'male')`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const referralContentTypes = ["application/pdf", "image/png", "image/jpeg"] as const;

/**
 * A doctor's referral uploaded before booking a test that needs one (issue 26), stored privately
 * in the database and sealed as results are (health data): read only by its owner, the lab of its
 * booking and admins.
 */
export const referralFiles = pgTable(
  "referral_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    contentType: text("content_type", { enum: referralContentTypes }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** The file, sealed with the health-data key (app/utils/sealing.server.ts) when key_id is set. */
    content: bytea("content").notNull(),
    /** The id of the key that sealed `content` (null: stored in the clear by an older version). */
    keyId: text("key_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("referral_files_user_idx").on(t.userId),
    check("referral_files_content_type_check", sql`${t.contentType} in ('application/pdf', 'image/png', 'image/jpeg')`),
  ],
);
