// npm run create-admin -- someone@example.com
// Gives an existing account the admin role. Uses DATABASE_URL when set; otherwise the embedded
// database, which it refuses to open while a server holds it.
import { eq } from "drizzle-orm";
import { connect, DataDirInUseError, pgliteDataDir } from "~/db/client.server";
import { setConnection } from "~/db/db.server";
import { runMigrations } from "~/db/migrate.server";
import { user, userRoles } from "~/db/schema";
import { getEnv } from "~/utils/env.server";

const email = process.argv[2]?.trim().toLowerCase();
if (!email || !email.includes("@")) {
  console.error("Usage: npm run create-admin -- EMAIL");
  process.exit(2);
}

const env = getEnv();
let connection;
try {
  connection = env.DATABASE_URL
    ? await connect({ driver: "pg", url: env.DATABASE_URL, max: 1 })
    : await connect({ driver: "pglite", dataDir: pgliteDataDir(env.DATA_DIR) });
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(`${error.message}\nStop the server (Ctrl+C), run this command again, then start the server.`);
    process.exit(1);
  }
  throw error;
}
setConnection(connection);
await runMigrations(connection, env.DATABASE_URL);

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
