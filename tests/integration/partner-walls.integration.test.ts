// The walls between labs (issue 27): every route of the partner portal, read from the route table
// (app/routes.ts), is called as anonymous, a customer, an admin who is not a member, a member of
// another lab, and staff where a manager is required; its loader and action directly and as the
// browser's `.data` requests through React Router's own request handler; and a member of another
// lab forges lab A's ids in their own lab's forms, imports and exports. Nothing of lab A may come
// back and nothing of lab A may change. A portal route added to routes.ts without a line in ROUTES
// below fails the first test; one added without a guard fails the second.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { createRequestHandler, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { db } from "~/db/db.server";
import { bookings, labMembers, labOffers, labs, offerPriceChanges, paymentRefunds, referralFiles, resultVersions, slotCounts, statusChanges } from "~/db/schema";
import { uploadResult } from "~/modules/results/lab-results.server";
import routeTable from "~/routes";
import { createAccount, insertTest } from "~/seed/factories.server";
import { cardBooking, codBooking, dubaiDayAhead, partnerLab } from "../fakes/partner-lab";
import { collectedBooking, samplePdf, scopeOf } from "../fakes/results";
import { routeArgs, routeOutcome, signedInAs } from "../fakes/signed-in-request";

const ORIGIN = "http://localhost:3999";

type World = Awaited<ReturnType<typeof world>>;
type Persona = "anonymous" | "customer" | "admin" | "other lab's manager" | "other lab's staff" | "staff";
type Post = { fields?: Record<string, string>; file?: { name: string; text: string } };

/**
 * Every route of the portal: who may use it (staff: any member of the lab; manager: its managers),
 * the query its loader is asked with, and the posts its action is sent (forged with lab A's ids).
 * Lab A is the lab under attack; the routes are asked for lab A unless the test says otherwise.
 */
const ROUTES: Record<string, { role: "staff" | "manager"; query?: (w: World) => string; posts?: (w: World) => Post[] }> = {
  "routes/partner/index.tsx": { role: "staff" },
  "routes/partner/layout.tsx": { role: "staff" },
  "routes/partner/print.tsx": { role: "staff", query: (w) => `?date=${w.day}` },
  "routes/partner/today.tsx": {
    role: "staff",
    query: (w) => `?date=${w.day}`,
    posts: (w): Post[] => [
      ...["confirm", "collected", "no-show"].map((intent) => ({ fields: { intent, bookingId: w.a.booking.id } })),
      { fields: { intent: "cancel", bookingId: w.a.booking.id, reason: "lab_unavailable" } },
    ],
  },
  "routes/partner/offers.tsx": {
    role: "manager",
    query: () => "?q=panel",
    posts: (w): Post[] => [
      { fields: { intent: "update", id: w.a.offer.id, labId: w.a.lab.id, testId: w.a.test.id, price: "1", walkIn: "true", isActive: "true" } },
      { fields: { intent: "delete", id: w.a.offer.id } },
      { fields: { intent: "create", labId: w.a.lab.id, testId: w.spare.id, price: "1", walkIn: "true", isActive: "true" } },
    ],
  },
  "routes/partner/offers.test-options.ts": { role: "manager", query: () => "?q=panel" },
  "routes/partner/offers.import.ts": {
    role: "manager",
    posts: (w): Post[] => [
      { file: { name: "offers.csv", text: `lab_id,test_id,price\n${w.a.lab.id},${w.a.test.id},1.00\n${w.a.lab.id},${w.spare.id},1.00` } },
      { file: { name: "offers.json", text: JSON.stringify([{ lab_slug: w.a.lab.slug, test_slug: w.a.test.slug, price: 1 }]) } },
    ],
  },
  "routes/partner/offers.export.ts": { role: "manager", query: (w) => `?format=json&lab=${w.a.lab.slug}&labId=${w.a.lab.id}` },
  "routes/partner/price-history.tsx": { role: "manager" },
  "routes/partner/profile.tsx": {
    role: "manager",
    posts: (w): Post[] => [{ fields: { labId: w.a.lab.id, closedDates: w.day, walkInCapacity: "0", homeCapacity: "0", contactEmail: "forged@example.com", nameAr: "مزور" } }],
  },
  // Results (issue 28): lab A's result of a collected booking, its draft and its PDF.
  "routes/partner/results.tsx": { role: "staff" },
  "routes/partner/result.tsx": { role: "staff", posts: (): Post[] => [{ fields: { intent: "release" } }, { fields: { intent: "upload", valuesSource: "none" } }] },
  "routes/partner/result.report.ts": { role: "staff", query: () => "?v=1" },
  // The referral file uploaded with that booking (issue 26).
  "routes/partner/booking.referral.ts": { role: "staff" },
  "routes/partner/members.tsx": {
    role: "manager",
    posts: (w): Post[] => [
      { fields: { intent: "remove", memberId: w.a.staffMemberId } },
      { fields: { intent: "remove", memberId: w.a.managerMemberId } },
      { fields: { intent: "add", email: w.customer.email, labId: w.a.lab.id } },
    ],
  },
};

type PortalRoute = { id: string; file: string; path: string; parentId: string };

/** The portal's routes from the route table, with their full paths (a child's path joined to its parent's). */
function portalRoutes(entries: RouteConfigEntry[] = routeTable, parentPath = "", parentId = "root"): PortalRoute[] {
  return entries.flatMap((entry) => {
    const id = entry.id ?? entry.file.replace(/\.[^.]+$/, "");
    const path = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    const own = path === "partner" || path.startsWith("partner/") ? [{ id, file: entry.file, path, parentId }] : [];
    return [...own, ...portalRoutes(entry.children ?? [], path, id)];
  });
}

async function world() {
  const a = await partnerLab("Al Noor Lab");
  const b = await partnerLab("Gulf Diagnostics");
  const day = dubaiDayAhead(3);
  // Lab A's secrets: its patients, their phones, its members' addresses.
  const aBooking = await cardBooking(a, { patientName: "Zainab Secretname", patientPhone: "+971 55 000 1111", date: day });
  await codBooking(a, { patientName: "Yousef Hiddenname", date: day, time: "10:00", home: true });
  await codBooking(b, { patientName: "Bashir Ownpatient", date: day });
  const spare = await insertTest(db, { name: "Spare Panel" });
  // Lab A's draft result of a collected sample (issue 28).
  const collected = await collectedBooking(a, 2, await codBooking(a, { patientName: "Rania Resultname", date: day, time: "11:00" }));
  await uploadResult(scopeOf(a), { bookingId: collected.booking.id, pdf: samplePdf("Rania Resultname"), values: [] });
  // Its doctor's referral (issue 26).
  const referral = Buffer.from("%PDF-1.4\n% Referral of Rania Referralsecret\n%%EOF\n");
  const [file] = await db.insert(referralFiles).values({ userId: collected.customer.id, contentType: "application/pdf", sizeBytes: referral.length, content: referral }).returning();
  await db.update(bookings).set({ referralFileId: file.id }).where(eq(bookings.id, collected.booking.id));
  const memberId = async (userId: string) => (await db.select({ id: labMembers.id }).from(labMembers).where(eq(labMembers.userId, userId)))[0].id;
  return {
    day,
    resultBookingId: collected.booking.id,
    a: { ...a, booking: aBooking.booking, staffMemberId: await memberId(a.staff.id), managerMemberId: await memberId(a.manager.id) },
    b,
    spare,
    customer: await createAccount(db),
    admin: await createAccount(db, { admin: true }),
    secrets: ["Zainab Secretname", "+971 55 000 1111", "Yousef Hiddenname", a.manager.email, a.staff.email, aBooking.booking.id, a.offer.id, "Rania Resultname", "Rania Referralsecret"],
  };
}

/** Everything of lab A a portal request could change. */
async function labASnapshot(w: World) {
  const labId = w.a.lab.id;
  const [lab, offers, labBookings, members, prices, refunds, slots, audit, resultVersionRows] = await Promise.all([
    db.select().from(labs).where(eq(labs.id, labId)),
    db.select().from(labOffers).where(eq(labOffers.labId, labId)).orderBy(asc(labOffers.id)),
    db.select().from(bookings).where(eq(bookings.labId, labId)).orderBy(asc(bookings.id)),
    db.select().from(labMembers).where(eq(labMembers.labId, labId)).orderBy(asc(labMembers.id)),
    db.select({ n: sql<number>`count(*)::int` }).from(offerPriceChanges).where(eq(offerPriceChanges.labId, labId)),
    db.select({ n: sql<number>`count(*)::int` }).from(paymentRefunds),
    db.select().from(slotCounts).where(eq(slotCounts.labId, labId)).orderBy(asc(slotCounts.slotStart)),
    db.select({ n: sql<number>`count(*)::int` }).from(statusChanges).where(inArray(statusChanges.subjectId, [w.a.booking.id])),
    db.select({ id: resultVersions.id, status: resultVersions.status }).from(resultVersions).orderBy(asc(resultVersions.id)),
  ]);
  return JSON.stringify({ lab, offers, labBookings, members, prices, refunds, slots, audit, resultVersionRows });
}

type Caller = (path: string, init?: RequestInit) => Request;

/** Lab A's secrets a persona must not see (lab A's staff know their own address). */
const secretsFor = (w: World, persona: Persona) => w.secrets.filter((secret) => !(persona === "staff" && secret === w.a.staff.email));

async function callers(w: World): Promise<Record<Persona, Caller>> {
  const anonymous: Caller = (path, init = {}) => new Request(`${ORIGIN}${path}`, { ...init, headers: { ...init.headers, Origin: ORIGIN } });
  return {
    anonymous,
    customer: await signedInAs(w.customer),
    admin: await signedInAs(w.admin),
    "other lab's manager": await signedInAs(w.b.manager),
    "other lab's staff": await signedInAs(w.b.staff),
    staff: await signedInAs(w.a.staff),
  };
}

/** The status a persona must get from a route of lab A. */
function expectedStatus(persona: Persona, role: "staff" | "manager", path: string) {
  if (persona === "anonymous") return 302;
  // The portal's home sends a member of one lab to it: lab A's staff to lab A, another lab's member to theirs.
  if (path === "partner" && (persona === "staff" || persona.startsWith("other lab"))) return 302;
  if (persona === "staff") return role === "manager" ? 403 : 200;
  return 404;
}

const urlOf = (route: PortalRoute, labId: string, w: World) => `/${route.path.replace(":labId", labId).replace(":bookingId", w.resultBookingId)}`;

function bodyOf(post: Post): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(post.fields ?? {})) form.set(key, value);
  if (post.file) form.set("file", new File([post.file.text], post.file.name, { type: post.file.name.endsWith(".json") ? "application/json" : "text/csv" }));
  return form;
}

/** A route's answer, whatever shape it took: data(), a thrown Response or data(), a Response, a plain object. */
async function answerOf(run: () => Promise<unknown>) {
  const outcome = await routeOutcome(run);
  if (outcome.body instanceof Response) return { status: outcome.body.status, text: await outcome.body.text(), location: outcome.body.headers.get("Location") };
  return { status: outcome.status, text: JSON.stringify(outcome.body) ?? "", location: outcome.location };
}

const moduleOf = (file: string) => import(/* @vite-ignore */ `../../app/${file}`) as Promise<{ loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> }>;

describe("the walls between labs", () => {
  it("every portal route of the route table is in this test's table, with a loader or an action", async () => {
    const routes = portalRoutes();
    expect(routes.map((route) => route.file).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const route of routes) {
      const module = await moduleOf(route.file);
      expect(Boolean(module.loader || module.action), route.file).toBe(true);
      if (ROUTES[route.file].posts) expect(module.action, `${route.file} has posts but no action`).toBeTypeOf("function");
    }
  });

  it("loaders and actions called directly: anonymous, a customer, an admin, another lab's members and staff (where managers are required) find nothing and change nothing", { timeout: 300_000 }, async () => {
    const w = await world();
    const as = await callers(w);
    const before = await labASnapshot(w);
    const failures: string[] = [];
    for (const route of portalRoutes()) {
      const rule = ROUTES[route.file];
      const module = await moduleOf(route.file);
      const url = urlOf(route, w.a.lab.id, w);
      for (const persona of Object.keys(as) as Persona[]) {
        const expected = expectedStatus(persona, rule.role, route.path);
        const check = (label: string, answer: { status: number; text: string; location: string | null }, allowed: number) => {
          if (answer.status !== allowed) failures.push(`${label} as ${persona}: ${answer.status}, expected ${allowed}`);
          if (persona === "anonymous" && !answer.location?.startsWith("/auth?redirect=")) failures.push(`${label} as anonymous: not sent to sign in`);
          if (persona === "staff" && allowed === 200) return; // lab A's own staff may see lab A
          for (const secret of secretsFor(w, persona)) if (answer.text.includes(secret)) failures.push(`${label} as ${persona}: leaked ${secret}`);
        };
        if (module.loader) {
          const path = `${url}${rule.query?.(w) ?? ""}`;
          check(`GET ${path}`, await answerOf(() => module.loader!(routeArgs(as[persona](path), { labId: w.a.lab.id, bookingId: w.resultBookingId }))), expected);
        }
        // Lab A's own staff may work lab A's bookings (their moves are tested elsewhere): only a manager's actions are tried.
        const posts = module.action && !(persona === "staff" && expected === 200) ? (rule.posts?.(w) ?? [{ fields: {} }]) : [];
        for (const post of posts) {
          const answer = await answerOf(() => module.action!(routeArgs(as[persona](url, { method: "POST", body: bodyOf(post) }), { labId: w.a.lab.id, bookingId: w.resultBookingId })));
          check(`POST ${url} ${JSON.stringify(post.fields ?? post.file?.name)}`, answer, expected);
        }
        // The control: lab A's staff see lab A's day, so a leak would have been seen.
        if (persona === "staff" && route.file === "routes/partner/today.tsx") {
          const answer = await answerOf(() => module.loader!(routeArgs(as.staff(`${url}?date=${w.day}`), { labId: w.a.lab.id, bookingId: w.resultBookingId })));
          if (!answer.text.includes("Zainab Secretname")) failures.push("lab A's staff do not see lab A's day");
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await labASnapshot(w)).toBe(before);
  });

  it("a member of another lab forges lab A's ids in their own lab's pages, forms, imports and exports: nothing of lab A comes back or changes", { timeout: 300_000 }, async () => {
    const w = await world();
    const manager = await signedInAs(w.b.manager);
    const staff = await signedInAs(w.b.staff);
    const before = await labASnapshot(w);
    const failures: string[] = [];
    for (const route of portalRoutes()) {
      const rule = ROUTES[route.file];
      const module = await moduleOf(route.file);
      const url = urlOf(route, w.b.lab.id, w);
      const as = rule.role === "manager" ? manager : staff;
      if (module.loader) {
        const path = `${url}${rule.query?.(w) ?? ""}${rule.query ? "&" : "?"}labId=${w.a.lab.id}&bookingId=${w.a.booking.id}`;
        const answer = await answerOf(() => module.loader!(routeArgs(as(path), { labId: w.b.lab.id, bookingId: w.resultBookingId })));
        if (answer.status >= 500) failures.push(`GET ${path}: ${answer.status}`);
        for (const secret of w.secrets) if (answer.text.includes(secret)) failures.push(`GET ${path}: leaked ${secret}`);
        // The control: the member sees their own lab where the page shows bookings.
        if (route.file === "routes/partner/today.tsx" && !answer.text.includes("Bashir Ownpatient")) failures.push(`GET ${path}: own booking missing`);
      }
      for (const post of module.action ? (rule.posts?.(w) ?? []) : []) {
        const answer = await answerOf(() => module.action!(routeArgs(as(url, { method: "POST", body: bodyOf(post) }), { labId: w.b.lab.id, bookingId: w.resultBookingId })));
        if (answer.status >= 500) failures.push(`POST ${url}: ${answer.status}`);
        for (const secret of w.secrets) if (answer.text.includes(secret)) failures.push(`POST ${url} ${JSON.stringify(post.fields ?? post.file?.name)}: leaked ${secret}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await labASnapshot(w)).toBe(before);
    // What the forged posts did, they did to lab B: its new offer of the spare test, its own profile.
    expect((await db.select().from(labOffers).where(eq(labOffers.testId, w.spare.id))).map((offer) => offer.labId)).toEqual([w.b.lab.id]);
  });

  it("the browser's .data requests through React Router's request handler: the same walls", { timeout: 300_000 }, async () => {
    const w = await world();
    const as = await callers(w);
    const handle = await portalRequestHandler();
    const before = await labASnapshot(w);
    const failures: string[] = [];
    for (const route of portalRoutes()) {
      const rule = ROUTES[route.file];
      const module = await moduleOf(route.file);
      const url = urlOf(route, w.a.lab.id, w);
      const index = findEntry(route.file)?.index === true;
      for (const persona of Object.keys(as) as Persona[]) {
        const expected = expectedStatus(persona, rule.role, route.path);
        if (expected === 200) continue; // lab A's own staff on their own pages
        const read = async (label: string, response: Response) => {
          const text = await response.text();
          // A .data answer carries a redirect as 202 with its target inside; a refusal with its own status.
          const redirect = /"redirect","([^"]+)"/.exec(text)?.[1];
          if (expected === 302) {
            if (response.status !== 202 || !redirect) failures.push(`${label} as ${persona}: ${response.status}, expected a redirect`);
            else if (persona === "anonymous" ? !redirect.startsWith("/auth?redirect=") : redirect !== `/partner/${persona === "staff" ? w.a.lab.id : w.b.lab.id}`) {
              failures.push(`${label} as ${persona}: redirected to ${redirect}`);
            }
          } else if (response.status !== expected) failures.push(`${label} as ${persona}: ${response.status}, expected ${expected}`);
          for (const secret of secretsFor(w, persona)) if (text.includes(secret)) failures.push(`${label} as ${persona}: leaked ${secret}`);
        };
        const query = rule.query?.(w).slice(1);
        if (module.loader) {
          const path = `${url}.data${query ? `?${query}` : ""}`;
          await read(`GET ${path}`, await handle(as[persona](path)));
        }
        for (const post of module.action ? (rule.posts?.(w) ?? [{ fields: {} }]) : []) {
          const path = `${url}.data${index ? "?index" : ""}`;
          await read(`POST ${path} ${JSON.stringify(post.fields ?? post.file?.name)}`, await handle(as[persona](path, { method: "POST", body: bodyOf(post) })));
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await labASnapshot(w)).toBe(before);
  });
});

/** React Router's own request handler over the root and the portal's routes (no document rendering: .data and resource requests only). */
async function portalRequestHandler() {
  type ServerRoute = NonNullable<ServerBuild["routes"][string]>;
  const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: await import("~/root") } as unknown as ServerRoute };
  for (const route of portalRoutes()) {
    const entry = findEntry(route.file)!;
    const parentPath = route.parentId === "root" ? "" : portalRoutes().find((parent) => parent.id === route.parentId)!.path;
    routes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: entry.index ? undefined : route.path.slice(parentPath ? parentPath.length + 1 : 0),
      index: entry.index,
      module: (await moduleOf(route.file)) as ServerRoute["module"],
    } as ServerRoute;
  }
  const build = {
    entry: { module: { default: () => new Response("documents are not rendered here", { status: 501 }) } },
    routes,
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return (request: Request) => handler(request, { clientAddress: "127.0.0.1", nonce: "", allowAnalytics: () => {} } as never);
}

function findEntry(file: string, entries: RouteConfigEntry[] = routeTable): RouteConfigEntry | undefined {
  for (const entry of entries) {
    if (entry.file === file) return entry;
    const child = findEntry(file, entry.children ?? []);
    if (child) return child;
  }
  return undefined;
}
