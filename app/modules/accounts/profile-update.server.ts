import { sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/db.server";
import { profiles } from "~/db/schema";
import { text } from "~/utils/text-schema";

const name = text()
  .trim()
  .max(100, "Please use at most 100 characters")
  .transform((value) => value || null);

export const ProfileSchema = z.object({
  firstName: name,
  lastName: name,
  phone: text()
    .trim()
    .max(30, "Please use at most 30 characters")
    .refine((value) => !value || /^[+\d][\d\s()-]{5,}$/.test(value), "Please enter a valid phone number")
    .transform((value) => value || null),
  /** The language of the customer's e-mails; left as it is when the form does not send it. */
  language: z.enum(["en", "ar"], { error: "Please choose English or Arabic" }).optional(),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

/** Updates the signed-in user's own profile (the id comes from the session, never the form). */
export async function updateProfile(userId: string, input: ProfileInput) {
  const [profile] = await db
    .insert(profiles)
    .values({ id: userId, ...input })
    .onConflictDoUpdate({
      target: profiles.id,
      set: {
        ...input,
        // A changed language is the customer's choice: it then wins over the language of the
        // pages they book on (decision 0058).
        ...(input.language && {
          languageChosenAt: sql`case when ${profiles.language} <> ${input.language} then now() else ${profiles.languageChosenAt} end`,
        }),
        updatedAt: new Date(),
      },
    })
    .returning();
  return profile;
}
