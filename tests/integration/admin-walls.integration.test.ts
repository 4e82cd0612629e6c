// The back office's wall: every route under /admin, read from the route table (app/routes.ts), is
// called as anonymous (sent to sign in), as a customer (sent to /dashboard, as the spec says) and as
// a lab's manager (404: issue 27); its loader and its action, with a uuid for every id in its
// path. A route added under /admin without the admin guard fails here, whatever its file does.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routeTable from "~/routes";
import { db } from "~/db/db.server";
import { userRoles } from "~/db/schema";
import { createAccount } from "~/seed/factories.server";
import { partnerLab } from "../fakes/partner-lab";
import { routeArgs, routeOutcome, signedInAs } from "../fakes/signed-in-request";

const ORIGIN = "http://localhost:3999";

type AdminRoute = { file: string; path: string };

/** The admin area's routes from the route table, with their full paths. */
function adminRoutes(entries: RouteConfigEntry[] = routeTable, parentPath = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const path = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    const own = path === "admin" || path.startsWith("admin/") ? [{ file: entry.file, path }] : [];
    return [...own, ...adminRoutes(entry.children ?? [], path)];
  });
}

const moduleOf = (file: string) => import(/* @vite-ignore */ `../../app/${file}`) as Promise<{ loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> }>;

describe("the back office's wall", () => {
  it("every /admin route sends anonymous to sign in and a customer to the dashboard, and answers a lab manager 404, loader and action alike", { timeout: 300_000 }, async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const customer = await createAccount(db);
    const { manager } = await partnerLab("Wall Lab");
    const anonymous = (path: string, init: RequestInit = {}) => new Request(`${ORIGIN}${path}`, { ...init, headers: { ...init.headers, Origin: ORIGIN } });
    const personas = { anonymous, customer: await signedInAs(customer), "lab manager": await signedInAs(manager) };
    const failures: string[] = [];

    for (const route of routes) {
      const module = await moduleOf(route.file);
      const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, crypto.randomUUID()]));
      const url = `/${route.path.replace(/:(\w+)/g, (_, name: string) => params[name])}`;
      for (const [persona, request] of Object.entries(personas)) {
        const calls = [
          ...(module.loader ? [["GET", () => module.loader!(routeArgs(request(url), params))] as const] : []),
          ...(module.action ? [["POST", () => module.action!(routeArgs(request(url, { method: "POST", body: new FormData() }), params))] as const] : []),
        ];
        for (const [method, run] of calls) {
          const outcome = await routeOutcome(run);
          const status = outcome.body instanceof Response ? outcome.body.status : outcome.status;
          const location = outcome.body instanceof Response ? outcome.body.headers.get("Location") : outcome.location;
          const expected = persona === "lab manager" ? 404 : 302;
          if (status !== expected) failures.push(`${method} ${url} as ${persona}: ${status}, expected ${expected}`);
          if (persona === "anonymous" && !location?.startsWith("/auth?redirect=")) failures.push(`${method} ${url} as anonymous: not sent to sign in`);
          if (persona === "customer" && location !== "/dashboard") failures.push(`${method} ${url} as customer: sent to ${location}, not /dashboard`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Nobody was made an admin on the way.
    expect(await db.select().from(userRoles)).toEqual([]);
  });
});
