import { eq, sql } from "drizzle-orm";
import { preparedQuery } from "~/db/db.server";
import { profiles } from "~/db/schema";

const profileOfUser = preparedQuery("profile_of_user", (database) =>
  database
    .select({ firstName: profiles.firstName, lastName: profiles.lastName, phone: profiles.phone, language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("userId"))),
);

export async function getProfile(userId: string) {
  const [profile] = await profileOfUser().execute({ userId });
  return profile ?? null;
}
