// npm run seed
// Loads the demo catalogue, content and accounts (seed/*.json) into an empty database. The server
// does the same at start-up on the embedded database; this is for a database server, or after
// emptying one. Refuses to touch a database that already holds a catalogue. The demo accounts
// follow SEED_DEMO_ACCOUNTS (not created for an https SITE_URL unless asked for).
import { databaseIsEmpty, DEMO_ACCOUNTS, seedDemoData } from "~/seed/demo-data.server";
import { getEnv } from "~/utils/env.server";
import { openDatabase } from "./open-database";

const connection = await openDatabase();
if (!(await databaseIsEmpty(connection.db))) {
  console.error("The database already holds a catalogue: nothing was loaded.");
  await connection.close();
  process.exit(1);
}
const accounts = getEnv().demoAccounts;
await connection.db.transaction((tx) => seedDemoData(tx, { accounts }));
if (accounts) {
  console.log("Demo data loaded. Accounts:");
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) console.log(`  ${role}: ${account.email} / ${account.password}`);
} else {
  console.log("Demo data loaded, without the demo accounts (SEED_DEMO_ACCOUNTS). Create an account at /auth, then npm run create-admin -- EMAIL.");
}
await connection.close();
