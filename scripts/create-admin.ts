// npm run create-admin -- someone@example.com
// Gives an existing account the admin role. Uses DATABASE_URL when set; otherwise the embedded
// database, which it refuses to open while a server holds it.
import { eq } from "drizzle-orm";
import { user, userRoles } from "~/db/schema";
import { openDatabase } from "./open-database";

const email = process.argv[2]?.trim().toLowerCase();
if (!email || !email.includes("@")) {
  console.error("Usage: npm run create-admin -- EMAIL");
  process.exit(2);
}

const connection = await openDatabase();

const [account] = await connection.db.select({ id: user.id }).from(user).where(eq(user.email, email));
if (!account) {
  console.error(`No account uses ${email}. Create it at /auth first, then run this command again.`);
  await connection.close();
  process.exit(1);
}
const inserted = await connection.db
  .insert(userRoles)
  .values({ userId: account.id, role: "admin" })
  .onConflictDoNothing()
  .returning();
console.log(inserted.length ? `${email} is now an admin.` : `${email} was already an admin.`);
await connection.close();
