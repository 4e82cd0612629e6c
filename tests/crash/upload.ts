// The crash test's result upload (issue 28): a lab's member uploads a 9 MB report with its values
// while the server is killed with SIGKILL, once in the middle of the body and then at moments
// while the server reads, seals and stores it. After each kill the database must hold, for that
// booking, nothing or whole versions only (each with its one file, its stored object and its
// values, sealed as one message), and no stored object without its file. After the restarts an
// upload succeeds and the report downloaded back is byte for byte the one sent.
import { sql } from "drizzle-orm";
import type { DatabaseConnection } from "~/db/client.server";

export const LAB_STAFF = { email: "staff@labtesthub.ae", password: "LabStaff#2026" };
const REPORT_BYTES = 9 * 1024 * 1024;
const VALUES_CSV = "analyte,value,unit\nHaemoglobin,13.9,g/dL\nFerritin,48,ng/mL\nVitamin D,31,ng/mL\n";

export type UploadBooking = { bookingId: string; labId: string };

/** A demo booking of the staff member's lab, its sample marked collected so results may be uploaded. */
export async function prepareUploadBooking(connection: DatabaseConnection): Promise<UploadBooking> {
  const found = await connection.db.execute<{ id: string; lab_id: string }>(sql`
    select b.id, b.lab_id from bookings b
    join lab_members m on m.lab_id = b.lab_id
    join "user" u on u.id = m.user_id
    where u.email = ${LAB_STAFF.email} and b.status in ('pending', 'confirmed')
    order by b.created_at limit 1`);
  const row = found.rows[0];
  if (!row) throw new Error("the demo data has no open booking at the demo lab staff's lab");
  await connection.db.execute(sql`update bookings set status = 'sample_collected' where id = ${row.id}`);
  return { bookingId: row.id, labId: row.lab_id };
}

/** A PDF as the upload check reads one (its magic bytes), padded to the size of a scanned report. */
export function reportPdf(seed: number): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% crash test report ${seed}\n`);
  const body = Buffer.alloc(REPORT_BYTES - head.length - 6, seed % 251);
  return Buffer.concat([head, body, Buffer.from("\n%%EOF")]);
}

/** What the database holds for the booking's results: problems found, and its versions. */
export async function inspectUpload(connection: DatabaseConnection, bookingId: string) {
  const versions = await connection.db.execute<{ version: number; files: number; blobs: number; sealed_values: boolean }>(sql`
    select v.version,
      (select count(*)::int from result_files f where f.version_id = v.id) as files,
      (select count(*)::int from result_files f join result_blobs o on o.key = f.object_key where f.version_id = v.id) as blobs,
      v.values_sealed is not null as sealed_values
    from result_versions v join results r on r.id = v.result_id
    where r.booking_id = ${bookingId} order by v.version`);
  const orphans = await connection.db.execute<{ n: number }>(sql`
    select count(*)::int as n from result_blobs o
    where not exists (select 1 from result_files f where f.object_key = o.key)`);
  const problems: string[] = [];
  for (const row of versions.rows) {
    if (Number(row.files) !== 1 || Number(row.blobs) !== 1 || !row.sealed_values) {
      problems.push(`version ${row.version} is partial (${row.files} files, ${row.blobs} stored objects, ${row.sealed_values ? "its" : "no"} sealed values)`);
    }
  }
  if (Number(orphans.rows[0].n)) problems.push(`${orphans.rows[0].n} stored objects without their file`);
  return { problems, versions: versions.rows.map((row) => Number(row.version)) };
}

/** The lab's member, signed in through the same form as the browser, posting as the page's script does. */
export class LabMember {
  private cookie = "";
  private csrf = "";

  constructor(
    private readonly origin: string,
    private readonly booking: UploadBooking,
  ) {}

  private get page() {
    return `/partner/${this.booking.labId}/results/${this.booking.bookingId}`;
  }

  async signIn() {
    const response = await fetch(`${this.origin}/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.origin },
      body: new URLSearchParams({ intent: "sign-in", ...LAB_STAFF }),
      redirect: "manual",
    });
    this.cookie = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
    if (response.status !== 302 || !this.cookie) throw new Error(`the lab staff's sign-in answered ${response.status}`);
    const page = await fetch(`${this.origin}${this.page}`, { headers: { Cookie: this.cookie } });
    this.csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
    if (!this.csrf) throw new Error(`no anti-CSRF token on the lab's result page (${page.status})`);
  }

  private body(pdf: Buffer) {
    const form = new FormData();
    form.set("csrf", this.csrf);
    form.set("intent", "upload");
    form.set("valuesSource", "csv");
    form.set("report", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "report.pdf");
    form.set("valuesFile", new Blob([VALUES_CSV], { type: "text/csv" }), "values.csv");
    return new Response(form);
  }

  /**
   * Posts the upload. `trickle` sends the body in 256 kB pieces, calling `onHalfSent` half-way
   * (where the caller kills the server). The outcome: saved (its version), another answer, or none.
   */
  async upload(pdf: Buffer, options: { trickle?: boolean; onHalfSent?: () => void } = {}) {
    const encoded = this.body(pdf);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let body: BodyInit = bytes;
    if (options.trickle) {
      let sent = 0;
      body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent >= bytes.length) return controller.close();
          const piece = bytes.subarray(sent, sent + 256 * 1024);
          const before = sent;
          sent += piece.length;
          if (before < bytes.length / 2 && sent >= bytes.length / 2) options.onHalfSent?.();
          await new Promise((resolve) => setTimeout(resolve, 20));
          controller.enqueue(piece);
        },
      });
    }
    try {
      const response = await fetch(`${this.origin}${this.page}.data`, {
        method: "POST",
        headers: { Cookie: this.cookie, Origin: this.origin, "Content-Type": encoded.headers.get("Content-Type")! },
        body,
        duplex: "half",
        signal: AbortSignal.timeout(60_000),
      } as RequestInit & { duplex: "half" });
      const text = await response.text();
      const saved = /Version (\d+) saved as a draft/.exec(text);
      return saved ? ({ outcome: "saved", version: Number(saved[1]) } as const) : ({ outcome: "answered", status: response.status } as const);
    } catch {
      return { outcome: "no-answer" } as const;
    }
  }

  /** The report of a version as the lab downloads it. */
  async download(version: number) {
    const response = await fetch(`${this.origin}${this.page}/report?v=${version}`, { headers: { Cookie: this.cookie } });
    if (response.status !== 200) throw new Error(`the report of version ${version} answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }
}

type Inspection = Awaited<ReturnType<typeof inspectUpload>>;
type Server = { origin: string; start: () => Promise<number>; kill: () => Promise<void>; stop: () => Promise<void> };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the stopped server. Kills it half-way through an upload's body, right after an upload's
 * answer, then `kills` times at a random moment within the time an upload takes; each kill is
 * followed by a look at the database (`inspectNow`, with the server dead) and a restart. Then an
 * upload must succeed and read back whole, and the server stops gracefully.
 */
export async function runUploadCrashes(server: Server, booking: UploadBooking, inspectNow: () => Promise<Inspection>, kills: number) {
  const problems: string[] = [];
  await server.start();
  const member = new LabMember(server.origin, booking);
  await member.signIn();

  let killing: Promise<void> | undefined;
  const cut = await member.upload(reportPdf(0), { trickle: true, onHalfSent: () => (killing = server.kill()) });
  await killing;
  const afterCut = await inspectNow();
  if (cut.outcome !== "no-answer") problems.push(`an upload cut off half-way was answered (${JSON.stringify(cut)})`);
  if (afterCut.versions.length) problems.push(`an upload cut off half-way left versions ${afterCut.versions.join(", ")}`);
  problems.push(...afterCut.problems.map((problem) => `after a kill half-way through the body: ${problem}`));

  // An upload answered, then the kill at once: what was acknowledged must be there, whole.
  await server.start();
  const began = Date.now();
  const timed = await member.upload(reportPdf(1));
  const took = Date.now() - began;
  await server.kill();
  if (timed.outcome !== "saved") throw new Error(`an upload without a kill was not saved (${JSON.stringify(timed)})`);
  const afterAnswer = await inspectNow();
  if (!afterAnswer.versions.includes(timed.version)) problems.push(`version ${timed.version} was acknowledged and is gone after the kill`);
  problems.push(...afterAnswer.problems.map((problem) => `after a kill right after the answer: ${problem}`));

  let saved = 0;
  for (let kill = 1; kill <= kills; kill++) {
    await server.start();
    const uploading = member.upload(reportPdf(kill + 1));
    // Anywhere in the time an upload takes: reading the body, sealing, storing, answering.
    await sleep(Math.random() * took);
    await server.kill();
    const outcome = await uploading;
    const found = await inspectNow();
    if (outcome.outcome === "saved") {
      saved++;
      if (!found.versions.includes(outcome.version)) problems.push(`kill ${kill}: version ${outcome.version} was acknowledged and is gone`);
    }
    problems.push(...found.problems.map((problem) => `kill ${kill}: ${problem}`));
  }

  await server.start();
  const final = reportPdf(kills + 2);
  const outcome = await member.upload(final);
  if (outcome.outcome !== "saved") problems.push(`after the restarts an upload was not saved (${JSON.stringify(outcome)})`);
  else if (!(await member.download(outcome.version)).equals(final)) problems.push("the report downloaded after the restarts differs from the one uploaded");
  await server.stop();
  return { kills: kills + 2, uploadMs: took, acknowledgedBeforeKill: saved, problems };
}
