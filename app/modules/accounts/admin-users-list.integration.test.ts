import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount } from "~/seed/factories.server";
import { loader } from "~/routes/admin/users";
import { routeArgs, signedInAs } from "../../../tests/fakes/signed-in-request";

type Args = Parameters<typeof loader>[0];

describe("the admin users screen", () => {
  it("sends only what its table shows: the admin's own e-mail, and the others' short ids", async () => {
    const admin = await createAccount(db, { email: "head.admin@example.com", admin: true });
    const customer = await createAccount(db, { email: "layla.haddad@example.com" });
    const asAdmin = await signedInAs(admin);
    const page = await loader(routeArgs<Args>(asAdmin("/admin/users")));

    // Everything the page's data carries to the browser, as React Router serialises it.
    const sent = JSON.stringify(page);
    expect(sent).not.toContain("layla.haddad");
    const rows = Object.fromEntries(page.users.map((user) => [user.id, user.label]));
    expect(rows).toEqual({ [admin.id]: "head.admin@example.com", [customer.id]: `User ID: ${customer.id.slice(0, 8)}…` });

    // The search by e-mail still works on the server, and still shows only the short id.
    const found = await loader(routeArgs<Args>(asAdmin("/admin/users?q=layla")));
    expect(found.users.map((user) => user.label)).toEqual([`User ID: ${customer.id.slice(0, 8)}…`]);
    expect(JSON.stringify(found)).not.toContain("layla.haddad");
  });
});
