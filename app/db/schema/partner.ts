// The partner portal's tables: who works for which lab, and the history of the labs' prices.
// See docs/decisions/0036-lab-members-and-the-partner-portal.md.
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "~/db/schema/auth";
import { labs, tests } from "~/db/schema/catalog";
import { createdAt, fils, id } from "~/db/schema/columns";
import { oneOf } from "~/db/schema/commerce";
import { actorKinds } from "~/modules/lifecycle/order-status";

/** manager: the lab's offers, prices, profile (hours, capacity) and staff, plus the daily work; staff: the daily work only. */
export const labMemberRoles = ["manager", "staff"] as const;
export type LabMemberRole = (typeof labMemberRoles)[number];

/**
 * An account's membership of a lab: one row per lab and account (a person may work for several
 * labs). Admins add and remove managers; managers add and remove their lab's staff.
 */
export const labMembers = pgTable(
  "lab_members",
  {
    id: id(),
    labId: uuid("lab_id")
      .notNull()
      .references(() => labs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: labMemberRoles }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("lab_members_lab_id_user_id_key").on(t.labId, t.userId),
    // The labs of a signed-in account (its guard and its header link).
    index("lab_members_user_id_idx").on(t.userId),
    check("lab_members_role_check", oneOf(t.role, labMemberRoles)),
  ],
);

/** Where a price change was made: an offer's form (admin or portal) or a file import. */
export const priceChangeSources = ["form", "import"] as const;

/**
 * Every change of a lab's price of a test, whoever made it (decision 0037): a new offer (no old
 * price), a new price, a deleted offer (no new price). Written by catalog/offers.server.ts and the
 * offer import in the change's transaction. No foreign key to the offer: the history outlives it.
 */
export const offerPriceChanges = pgTable(
  "offer_price_changes",
  {
    id: id(),
    labId: uuid("lab_id")
      .notNull()
      .references(() => labs.id, { onDelete: "cascade" }),
    testId: uuid("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    offerId: uuid("offer_id").notNull(),
    oldPriceFils: fils("old_price_fils"),
    newPriceFils: fils("new_price_fils"),
    actorKind: text("actor_kind", { enum: actorKinds }).notNull(),
    /** The admin or lab member who made it; null for the system. */
    actorId: text("actor_id"),
    source: text("source", { enum: priceChangeSources }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("offer_price_changes_lab_created_idx").on(t.labId, t.createdAt.desc().nullsFirst()),
    index("offer_price_changes_test_created_idx").on(t.testId, t.createdAt.desc().nullsFirst()),
    check("offer_price_changes_actor_kind_check", oneOf(t.actorKind, actorKinds)),
    check("offer_price_changes_source_check", oneOf(t.source, priceChangeSources)),
    check("offer_price_changes_some_price", sql`${t.oldPriceFils} is not null or ${t.newPriceFils} is not null`),
  ],
);
