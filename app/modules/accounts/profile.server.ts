import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { profiles } from "~/db/schema";

export async function getProfile(userId: string) {
  const [profile] = await db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName, phone: profiles.phone, language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile ?? null;
}
