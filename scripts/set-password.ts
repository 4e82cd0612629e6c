// npm run set-password -- someone@example.com
// Gives an existing account a new password, typed at the prompt (or piped on standard input), and
// signs it out everywhere. For the operator whose server refuses to start on a public address
// because an admin still has a demo password the README publishes. Uses DATABASE_URL when set;
// otherwise the embedded database, which it refuses to open while a server holds it.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { account, session, user } from "~/db/schema";
import { getAuth } from "~/modules/accounts/better-auth.server";
import { NewPasswordSchema } from "~/modules/accounts/schemas";
import { DEMO_ACCOUNTS } from "~/seed/demo-data.server";
import { openDatabase } from "./open-database";

const email = process.argv[2]?.trim().toLowerCase();
if (!email || !email.includes("@")) {
  console.error("Usage: npm run set-password -- EMAIL   (then type the new password)");
  process.exit(2);
}

/** One line from standard input; typed at a terminal, it is not echoed. */
function readPassword(): Promise<string> {
  const interactive = process.stdin.isTTY;
  if (interactive) process.stdout.write(`New password for ${email}: `);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input: process.stdin, output: interactive ? silent : undefined, terminal: interactive });
  return new Promise((resolve) => {
    let answered = false;
    lines.once("line", (line) => {
      answered = true;
      lines.close();
      if (interactive) process.stdout.write("\n");
      resolve(line);
    });
    lines.once("close", () => {
      if (!answered) resolve("");
    });
  });
}

const typed = await readPassword();
const parsed = NewPasswordSchema.safeParse(typed);
const published = Object.values(DEMO_ACCOUNTS).some((demo) => demo.password === typed);
if (!parsed.success || published) {
  console.error(published ? "That password is published in the README: choose another." : parsed.error!.issues[0].message);
  process.exit(1);
}

const connection = await openDatabase();
const [found] = await connection.db.select({ id: user.id }).from(user).where(eq(user.email, email));
if (!found) {
  console.error(`No account uses ${email}.`);
  await connection.close();
  process.exit(1);
}
const hash = await (await getAuth().$context).password.hash(parsed.data);
const changed = await connection.db.transaction(async (tx) => {
  const rows = await tx
    .update(account)
    .set({ password: hash, updatedAt: new Date() })
    .where(and(eq(account.userId, found.id), eq(account.providerId, "credential")))
    .returning({ id: account.id });
  await tx.delete(session).where(eq(session.userId, found.id));
  return rows.length;
});
console.log(changed ? `${email} has a new password and is signed out everywhere.` : `${email} signs in without a password (no password account): nothing changed.`);
await connection.close();
