import { pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { user } from "~/db/schema/auth";
import { createdAt, id, updatedAt } from "~/db/schema/columns";

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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
