// Lab results (issue 28, decision 0060): a booking's report, its versions, the encrypted values
// and file, the patient's share links and the log of every access. Nothing medical is stored in
// the clear: a value row and a file hold AES-256-GCM ciphertext with the id of the key that
// sealed it (app/utils/sealing.server.ts); the file's bytes live behind the storage
// interface (the database's result_blobs by default, or S3).
import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "~/db/schema/auth";
import { labs, tests } from "~/db/schema/catalog";
import { createdAt, id } from "~/db/schema/columns";
import { bookings, oneOf } from "~/db/schema/commerce";
import { resultAccessActions, resultAccessActorKinds, resultVersionStatuses } from "~/modules/results/result-status";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** One booking's result: who it is for and which lab produced it. Created by the lab's first upload. */
export const results = pgTable(
  "results",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    labId: uuid("lab_id")
      .notNull()
      .references(() => labs.id, { onDelete: "cascade" }),
    /** The customer who booked (the only customer who may read it). */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    testId: uuid("test_id").references(() => tests.id, { onDelete: "set null" }),
    /** When its first version was released (null: not yet released). */
    releasedAt: timestamp("released_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("results_booking_id_key").on(t.bookingId),
    index("results_user_released_idx").on(t.userId, t.releasedAt.desc().nullsFirst()),
    index("results_lab_idx").on(t.labId, t.createdAt.desc().nullsFirst()),
    // The dashboard's result turnaround reads the results released in a period (issue 31).
    index("results_released_idx").on(t.releasedAt),
  ],
);

/**
 * A version of a result: draft (the lab may still correct it), released (what the patient sees),
 * superseded (a later version was released; still readable). At most one draft per result.
 */
export const resultVersions = pgTable(
  "result_versions",
  {
    id: id(),
    resultId: uuid("result_id")
      .notNull()
      .references(() => results.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    status: text("status", { enum: resultVersionStatuses }).notNull().default("draft"),
    /** The lab member who uploaded it. */
    createdBy: text("created_by"),
    releasedAt: timestamp("released_at", { withTimezone: true, mode: "date" }),
    supersededAt: timestamp("superseded_at", { withTimezone: true, mode: "date" }),
    /**
     * The version's values (analyte, LOINC code, value, unit, range of each), sealed together as
     * one message: a version's values are written once and always read together (decision 0086).
     * Null only for versions saved before migration 0029, whose values are rows of result_values.
     */
    valuesKeyId: text("values_key_id"),
    valuesSealed: bytea("values_sealed"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("result_versions_result_version_key").on(t.resultId, t.version),
    check("result_versions_status_check", oneOf(t.status, resultVersionStatuses)),
  ],
);

/**
 * One measured value, sealed: analyte, LOINC code, value, unit and range are inside the ciphertext.
 * Only versions saved before migration 0029 have rows here; later ones seal their values together
 * (result_versions.values_sealed, decision 0086). Still read, never written.
 */
export const resultValues = pgTable(
  "result_values",
  {
    id: id(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => resultVersions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    keyId: text("key_id").notNull(),
    sealed: bytea("sealed").notNull(),
  },
  (t) => [index("result_values_version_idx").on(t.versionId, t.position)],
);

/** The version's report (one PDF): where the storage driver keeps its sealed bytes. */
export const resultFiles = pgTable(
  "result_files",
  {
    id: id(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => resultVersions.id, { onDelete: "cascade" }),
    /** db or s3: the driver that holds the object. */
    storage: text("storage").notNull(),
    objectKey: text("object_key").notNull(),
    keyId: text("key_id").notNull(),
    /** The plain file's size in bytes. */
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("result_files_version_key").on(t.versionId)],
);

/** The database storage driver's objects (sealed bytes only). */
export const resultBlobs = pgTable("result_blobs", {
  key: text("key").primaryKey(),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
});

/** A link the patient gave a doctor: only that result, until it expires or is revoked. */
export const resultShares = pgTable(
  "result_shares",
  {
    id: id(),
    resultId: uuid("result_id")
      .notNull()
      .references(() => results.id, { onDelete: "cascade" }),
    /** SHA-256 of the link's token (the token itself is only in the link). */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [unique("result_shares_token_hash_key").on(t.tokenHash), index("result_shares_result_idx").on(t.resultId)],
);

/** Every view, download, share, share opening and break-glass opening of a result. */
export const resultAccessLog = pgTable(
  "result_access_log",
  {
    id: id(),
    resultId: uuid("result_id")
      .notNull()
      .references(() => results.id, { onDelete: "cascade" }),
    action: text("action", { enum: resultAccessActions }).notNull(),
    actorKind: text("actor_kind", { enum: resultAccessActorKinds }).notNull(),
    /** The account (null for a share link's visitor). */
    actorId: text("actor_id"),
    /** An admin's break-glass reason (shown to the patient). */
    reason: text("reason"),
    shareId: uuid("share_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("result_access_log_result_idx").on(t.resultId, t.createdAt.desc().nullsFirst()),
    check("result_access_log_action_check", oneOf(t.action, resultAccessActions)),
    check("result_access_log_actor_kind_check", oneOf(t.actorKind, resultAccessActorKinds)),
    check("result_access_log_break_glass_reason", sql`${t.action} <> 'break_glass' or ${t.reason} is not null`),
  ],
);

/**
 * A patient's trends as worked out from their released results, sealed (decision 0087): the
 * overview's summaries here, each trend's points in result_trend_series, so a page opens a few
 * kilobytes rather than every result's values. `stamp` names what they were made from (each
 * current version and its lab's name); a read whose results no longer match makes them again.
 * Deleted with the account, and with any of its results (a trigger, migration 0031).
 */
export const resultTrendSets = pgTable("result_trend_sets", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  stamp: text("stamp").notNull(),
  keyId: text("key_id").notNull(),
  summariesSealed: bytea("summaries_sealed").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** One trend of a kept set: its address (a keyed hash, naming no test) and its points, sealed. */
export const resultTrendSeries = pgTable(
  "result_trend_series",
  {
    userId: text("user_id")
      .notNull()
      .references(() => resultTrendSets.userId, { onDelete: "cascade" }),
    trendId: text("trend_id").notNull(),
    keyId: text("key_id").notNull(),
    sealed: bytea("sealed").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.trendId] })],
);
