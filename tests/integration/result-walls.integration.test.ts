// The walls around a patient's results (issue 28): every results route of the site, called
// directly and as the browser's .data request through React Router's own request handler, as
// anonymous, another customer, a member of the producing lab (on the patient's pages), a member of
// another lab, an admin without a recorded reason; with forged ids and with expired, revoked and
// made-up share links. All get 404 (anonymous on signed-in pages: to sign in) and see nothing of
// the result. The controls: the patient, a working share link, and an admin after break-glass.
import { eq } from "drizzle-orm";
import { createRequestHandler, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { resultAccessLog } from "~/db/schema";
import { releaseResult, uploadResult } from "~/modules/results/lab-results.server";
import { accessLogPage } from "~/modules/results/result-access-log.server";
import { parseValuesFhir } from "~/modules/results/result-import";
import { myResults } from "~/modules/results/patient-results.server";
import { myTrendSummaries } from "~/modules/results/trends.server";
import { createShare, revokeShare } from "~/modules/results/result-shares.server";
import { setClockOffset } from "~/modules/slots/clock.server";
import { createAccount } from "~/seed/factories.server";
import { codBooking, partnerLab } from "../fakes/partner-lab";
import { collectedBooking, sampleFhirBundle, samplePdf, scopeOf } from "../fakes/results";
import { routeArgs, routeOutcome, signedInAs } from "../fakes/signed-in-request";

const ORIGIN = "http://localhost:3999";
const MARKER = "PDF-SECRET-7731";

type Module = { loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> };
const ROUTES: { id: string; file: string; path: string }[] = [
  { id: "routes/dashboard.results", file: "routes/dashboard.results.tsx", path: "dashboard/results" },
  { id: "routes/dashboard.result", file: "routes/dashboard.result.tsx", path: "dashboard/results/:resultId" },
  { id: "routes/dashboard.results.trends", file: "routes/dashboard.results.trends.tsx", path: "dashboard/results/trends" },
  { id: "routes/dashboard.results.trend", file: "routes/dashboard.results.trend.tsx", path: "dashboard/results/trends/:trendId" },
  { id: "routes/results.report", file: "routes/results.report.ts", path: "results/:resultId/report" },
  { id: "routes/results.export", file: "routes/results.export.ts", path: "results/export" },
  { id: "routes/results.shared", file: "routes/results.shared.tsx", path: "results/shared/:token" },
  { id: "routes/results.shared.report", file: "routes/results.shared.report.ts", path: "results/shared/:token/report" },
  { id: "routes/admin/result", file: "routes/admin/result.tsx", path: "admin/results/:resultId" },
  { id: "routes/dashboard.result.access-log", file: "routes/dashboard.result.access-log.tsx", path: "dashboard/results/:resultId/access-log" },
];
const moduleOf = (file: string) => import(/* @vite-ignore */ `../../app/${file}`) as Promise<Module>;

async function world() {
  const lab = await partnerLab("Al Noor Lab");
  const otherLab = await partnerLab("Gulf Diagnostics");
  const { booking, customer } = await collectedBooking(lab);
  // An earlier result from a third lab: HbA1c twice, a trend of the patient's.
  const thirdLab = await partnerLab("Third Lab");
  const earlier = await collectedBooking(thirdLab, 3, await codBooking(thirdLab, { customer }));
  const earlierValues = parseValuesFhir(sampleFhirBundle(6.9));
  if (!earlierValues.ok) throw new Error(earlierValues.message);
  await uploadResult(scopeOf(thirdLab), { bookingId: earlier.booking.id, pdf: samplePdf(), values: earlierValues.values });
  await releaseResult(scopeOf(thirdLab), earlier.booking.id);
  const values = parseValuesFhir(sampleFhirBundle(7.9));
  if (!values.ok) throw new Error(values.message);
  await uploadResult(scopeOf(lab), { bookingId: booking.id, pdf: samplePdf(MARKER), values: values.values });
  await releaseResult(scopeOf(lab), booking.id);
  const [result] = await myResults(customer.id);
  const revoked = (await createShare(customer.id, result.id, 7))!;
  await revokeShare(customer.id, result.id, revoked.shareId);
  const expired = (await createShare(customer.id, result.id, 1))!;
  const working = (await createShare(customer.id, result.id, 7))!;
  const trendId = (await myTrendSummaries(customer.id)).find((trend) => trend.analyte === "HbA1c")!.id;
  return { lab, otherLab, customer, result, trendId, revoked, expired, working, stranger: await createAccount(db), admin: await createAccount(db, { admin: true }) };
}
type World = Awaited<ReturnType<typeof world>>;

/** What must never reach anyone but the patient (and the opened share / break-glass): values, the PDF. */
const SECRETS = ["HbA1c", "Fasting glucose", "4548-4", MARKER];

async function answerOf(run: () => Promise<unknown>) {
  const outcome = await routeOutcome(run);
  if (outcome.body instanceof Response) return { status: outcome.body.status, text: await outcome.body.text(), location: outcome.body.headers.get("Location") };
  return { status: outcome.status, text: JSON.stringify(outcome.body) ?? "", location: outcome.location };
}

function requestHandler(modules: Record<string, Module>) {
  type ServerRoute = NonNullable<ServerBuild["routes"][string]>;
  const routes: ServerBuild["routes"] = {};
  return (async () => {
    routes.root = { id: "root", path: "", module: await import("~/root") } as unknown as ServerRoute;
    for (const route of ROUTES) routes[route.id] = { id: route.id, parentId: "root", path: route.path, module: modules[route.id] } as unknown as ServerRoute;
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
  })();
}

/** The URL and params each route is asked with: the patient's result id (or their trend's id in its stead), or a share token. */
function target(route: (typeof ROUTES)[number], w: World, token: string, resultId = w.result.id) {
  const trendId = resultId === w.result.id ? w.trendId : resultId;
  const params: Record<string, string> = { resultId, token, trendId };
  const path = `/${route.path.replace(":resultId", resultId).replace(":token", token).replace(":trendId", trendId)}`;
  const query = route.id.endsWith("report") ? "?v=1" : route.id === "routes/results.export" ? `?resultId=${resultId}` : "";
  return { path, query, params };
}

describe("the walls around a patient's results", () => {
  it("others, forged ids and dead share links get 404 and nothing of the result, directly and as .data requests", { timeout: 300_000 }, async () => {
    const w = await world();
    const modules = Object.fromEntries(await Promise.all(ROUTES.map(async (route) => [route.id, await moduleOf(route.file)] as const)));
    const handle = await requestHandler(modules);
    setClockOffset(2 * 86_400_000); // the one-day link has expired; the seven-day ones have not
    const personas = {
      "another customer": await signedInAs(w.stranger),
      "the lab's staff": await signedInAs(w.lab.staff),
      "another lab's manager": await signedInAs(w.otherLab.manager),
      "an admin without a reason": await signedInAs(w.admin),
      "the patient": await signedInAs(w.customer),
    };
    const deadTokens = { revoked: w.revoked.token, expired: w.expired.token, "made up": "A".repeat(32) };
    const forgedId = "00000000-0000-4000-8000-000000000000";
    const failures: string[] = [];
    const expectRefused = (label: string, answer: { status: number; text: string }, allowed: number[] = [404]) => {
      if (!allowed.includes(answer.status)) failures.push(`${label}: ${answer.status}`);
      for (const secret of SECRETS) if (answer.text.includes(secret)) failures.push(`${label}: leaked ${secret}`);
    };
    try {
      for (const route of ROUTES) {
        const module = modules[route.id];
        const shared = route.path.includes(":token");
        const lists = route.id === "routes/dashboard.results" || route.id === "routes/dashboard.results.trends";
        for (const [name, as] of Object.entries(personas)) {
          if (name === "the patient" && !shared && route.id !== "routes/admin/result") continue;
          const tokens = shared ? Object.entries(deadTokens) : [["-", ""] as const];
          for (const [tokenName, token] of tokens) {
            for (const resultId of shared || lists ? [w.result.id] : [w.result.id, forgedId, "not-a-uuid"]) {
              const { path, query, params } = target(route, w, token, resultId);
              // Lists answer 200 with nothing of someone else's; the admin's page shows metadata (200) to an admin, 403/redirect to others.
              const allowed = lists ? [200] : route.id === "routes/admin/result" ? (name === "an admin without a reason" && resultId === w.result.id ? [200] : [302, 403, 404]) : [404];
              const label = `${route.id} as ${name} (${tokenName}, ${resultId.slice(0, 8)})`;
              expectRefused(`GET ${label}`, await answerOf(() => module.loader!(routeArgs(as(`${path}${query}`), params))), allowed);
              const dataPath = `${path}.data${query}`;
              const viaData = await handle(as(dataPath));
              const text = await viaData.text();
              if (!allowed.includes(viaData.status) && !(viaData.status === 202 && allowed.includes(302))) failures.push(`GET ${dataPath} as ${name}: ${viaData.status}`);
              for (const secret of SECRETS) if (text.includes(secret)) failures.push(`GET ${dataPath} as ${name}: leaked ${secret}`);
              if (module.action && route.id === "routes/dashboard.result") {
                const post = await answerOf(() => module.action!(routeArgs(as(path, { method: "POST", body: new URLSearchParams({ intent: "share", days: "7" }) }), params)));
                expectRefused(`POST ${label}`, post);
              }
            }
          }
        }
      }
      // Anonymous: signed-in pages send to sign in, share pages with dead links 404.
      const anonymous = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { Origin: ORIGIN } });
      for (const route of ROUTES) {
        const { path, query, params } = target(route, w, w.revoked.token);
        const answer = await answerOf(() => modules[route.id].loader!(routeArgs(anonymous(`${path}${query}`), params)));
        expectRefused(`GET ${route.id} as anonymous`, answer, route.path.includes(":token") ? [404] : [302]);
      }
      // The controls: the patient reads it, a working link opens it (signed out), an admin after break-glass.
      const own = await answerOf(() => modules["routes/dashboard.result"].loader!(routeArgs(personas["the patient"](`/dashboard/results/${w.result.id}`), { resultId: w.result.id })));
      expect(own.text).toContain("HbA1c");
      const trend = target(ROUTES[3], w, "");
      expect((await answerOf(() => modules["routes/dashboard.results.trend"].loader!(routeArgs(personas["the patient"](trend.path), trend.params)))).text).toContain("HbA1c");
      const open = target(ROUTES[6], w, w.working.token);
      expect((await answerOf(() => modules["routes/results.shared"].loader!(routeArgs(anonymous(open.path), open.params)))).text).toContain("HbA1c");
      const report = target(ROUTES[7], w, w.working.token);
      const pdf = await answerOf(() => modules["routes/results.shared.report"].loader!(routeArgs(anonymous(`${report.path}?v=1`), report.params)));
      expect(pdf.text).toContain(MARKER);
    } finally {
      setClockOffset(0);
    }
    expect(failures).toEqual([]);
    // Break-glass: with a reason the admin reads it, and the patient sees who and why.
    const admin = await signedInAs(w.admin);
    const adminPage = modules["routes/admin/result"];
    const refused = await answerOf(() => adminPage.action!(routeArgs(admin(`/admin/results/${w.result.id}`, { method: "POST", body: new URLSearchParams({ reason: "short" }) }), { resultId: w.result.id })));
    expect(refused.status).toBe(400);
    await answerOf(() => adminPage.action!(routeArgs(admin(`/admin/results/${w.result.id}`, { method: "POST", body: new URLSearchParams({ reason: "Patient complaint #4411 about a wrong value" }) }), { resultId: w.result.id })));
    expect((await answerOf(() => adminPage.loader!(routeArgs(admin(`/admin/results/${w.result.id}`), { resultId: w.result.id })))).text).toContain("HbA1c");
    const { entries: log } = await accessLogPage(w.result.id);
    expect(log.find((entry) => entry.action === "break_glass")).toMatchObject({ actorKind: "admin", reason: "Patient complaint #4411 about a wrong value" });
    const openings = await db.select().from(resultAccessLog).where(eq(resultAccessLog.resultId, w.result.id));
    expect(openings.filter((row) => row.action === "share_open")).toHaveLength(1);
    expect(openings.filter((row) => row.action === "share_download")).toHaveLength(1);
  });
});
