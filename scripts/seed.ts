// npm run seed
// Loads the demo catalogue, content and accounts (seed/*.json) into an empty database. The server
// does the same at start-up on the embedded database; this is for a database server, or after
// emptying one. Refuses to touch a database that already holds a catalogue.
import { databaseIsEmpty, DEMO_ACCOUNTS, seedDemoData } from "~/seed/demo-data.server";
import { openDatabase } from "./open-database";

const connection = await openDatabase();
if (!(await databaseIsEmpty(connection.db))) {
  console.error("The database already holds a catalogue: nothing was loaded.");
  await connection.close();
  process.exit(1);
}
await connection.db.transaction((tx) => seedDemoData(tx));
console.log("Demo data loaded. Accounts:");
for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) console.log(`  ${role}: ${account.email} / ${account.password}`);
await connection.close();
