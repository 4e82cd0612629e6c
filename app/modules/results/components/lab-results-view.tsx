// The portal's results pages (English, like the rest of the portal): the pending queue and one
// booking's upload, draft and release.
import { Link, useFetcher } from "react-router";
import { CsrfField } from "~/components/csrf-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { ReferralFacts, usePatientFactWords, type PatientFacts } from "~/modules/booking/patient-facts";
import type { PendingResult } from "~/modules/results/lab-results.server";
import { CSV_COLUMNS } from "~/modules/results/result-import";
import type { ResultFlag } from "~/modules/results/result-values";
import { useFormResult, type FormResult } from "~/utils/form-result";

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dubai" });

function waited(hours: number | null) {
  if (hours === null) return "—";
  return hours >= 48 ? `${Math.floor(hours / 24)} days ${hours % 24} h` : `${hours} h`;
}

type Released = { resultId: string; bookingId: string; releasedAt: Date | string | null; patientName: string; testName: string | null };

/** /partner/{labId}/results: collected samples waiting for their results, late ones first-class. */
export function PendingResultsView({ labId, pending, released }: { labId: string; pending: PendingResult[]; released: Released[] }) {
  const late = pending.filter((row) => row.late).length;
  return (
    <div className="grid gap-6">
      <AdminHeader title="Results" subtitle={`${pending.length} waiting for results${late ? `, ${late} late` : ""}`} />
      {pending.length === 0 ? (
        <p className="text-sm text-muted-foreground">No collected sample is waiting for its results.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Pending results">
          {pending.map((row) => (
            <li key={row.bookingId} className={`rounded-lg border p-3 ${row.late ? "border-destructive bg-destructive/5" : ""}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="font-medium">{row.testName ?? "Test"}</p>
                  <p className="text-sm text-muted-foreground">{row.patientName}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span>
                    Waited {waited(row.waitedHours)}
                    {row.promisedHours !== null ? ` of ${row.promisedHours} h promised` : ""}
                  </span>
                  {row.late ? <Badge variant="destructive">Late</Badge> : null}
                  {row.draftVersion ? <Badge variant="secondary">Draft uploaded</Badge> : null}
                  <Button asChild size="sm">
                    <Link to={`/partner/${labId}/results/${row.bookingId}`}>{row.draftVersion ? "Review and release" : "Upload results"}</Link>
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {released.length > 0 ? (
        <section className="grid gap-2">
          <h2 className="text-lg font-semibold">Released</h2>
          <ul className="grid gap-1 text-sm">
            {released.map((row) => (
              <li key={row.resultId} className="flex flex-wrap justify-between gap-2 border-b py-1">
                <span>
                  {row.testName ?? "Test"} · {row.patientName}
                  {row.releasedAt ? ` · ${when.format(new Date(row.releasedAt))}` : ""}
                </span>
                <Link className="underline" to={`/partner/${labId}/results/${row.bookingId}`}>
                  Correct
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}


const FLAG_TEXT: Record<ResultFlag, string> = { high: "High", low: "Low", normal: "Normal" };
const FLAG_CLASS: Record<ResultFlag, string> = {
  high: "bg-red-100 text-red-900",
  low: "bg-amber-100 text-amber-900",
  normal: "bg-emerald-100 text-emerald-900",
};

type LabResult = PatientFacts & {
  id: string;
  status: string;
  patientName: string;
  testName: string | null;
  resultId: string | null;
  versions: { version: number; status: string; releasedAt: string | null; createdAt: string }[];
  latestValues: { analyte: string; value: string; unit: string | null; low: number | null; high: number | null; rangeText: string | null; flag: ResultFlag | null }[];
};

/** Date of birth with the age on the visit's day, sex and the referral: what the reference ranges depend on (issue 26). */
function PatientFactsList({ labId, booking }: { labId: string; booking: LabResult }) {
  const words = usePatientFactWords();
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4" data-testid="result-patient-facts">
      <dt className="font-medium">{words.dateOfBirthLabel}</dt>
      <dd>{words.birth(booking)}</dd>
      <dt className="font-medium">{words.sexLabel}</dt>
      <dd>{words.sex(booking.patientSex)}</dd>
      {booking.referralDoctorName || booking.hasReferralFile ? (
        <>
          <dt className="font-medium">{words.referralLabel}</dt>
          <dd>
            <ReferralFacts facts={booking} href={`/partner/${labId}/bookings/${booking.id}/referral`} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function ValueRows({ count }: { count: number }) {
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-start">
          {["Analyte", "Value", "Unit", "Low", "High", "Range (text)", "LOINC"].map((label) => (
            <th key={label} className="px-1 text-start font-medium">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: count }, (_, index) => (
          <tr key={index}>
            {["analyte", "value", "unit", "low", "high", "range", "loinc"].map((name) => (
              <td key={name} className="px-1 py-0.5">
                <input name={name} aria-label={`${name} ${index + 1}`} className="w-full rounded border px-1 py-0.5" />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /partner/{labId}/results/{bookingId}: upload (or correct) the report and values, then release. */
export function LabResultView({ labId, booking }: { labId: string; booking: LabResult }) {
  const upload = useFetcher<FormResult>();
  const release = useFetcher<FormResult>();
  useFormResult(upload.data);
  useFormResult(release.data);
  const draft = booking.versions.find((version) => version.status === "draft");
  const base = `/partner/${labId}/results/${booking.id}`;
  return (
    <div className="grid gap-6">
      <AdminHeader title={booking.testName ?? "Results"} subtitle={`Patient: ${booking.patientName}`} action={<Link to={`/partner/${labId}/results`} className="text-sm underline">All results</Link>} />
      <PatientFactsList labId={labId} booking={booking} />
      {booking.versions.length > 0 ? (
        <section className="grid gap-2">
          <h2 className="text-lg font-semibold">Versions</h2>
          <ul className="grid gap-1 text-sm">
            {booking.versions.map((version) => (
              <li key={version.version} className="flex flex-wrap items-center gap-2">
                <span>Version {version.version}</span>
                <Badge variant={version.status === "released" ? "default" : "secondary"}>{version.status === "draft" ? "Draft" : version.status === "released" ? "Released" : "Superseded"}</Badge>
                <a className="underline" href={`${base}/report?v=${version.version}`}>
                  Report (PDF)
                </a>
              </li>
            ))}
          </ul>
          {booking.latestValues.length > 0 ? (
            <table className="mt-2 w-full text-sm">
              <thead>
                <tr>
                  <th className="text-start">Analyte</th>
                  <th className="text-start">Value</th>
                  <th className="text-start">Range</th>
                  <th className="text-start">Flag</th>
                </tr>
              </thead>
              <tbody>
                {booking.latestValues.map((value, index) => (
                  <tr key={index} className="border-t">
                    <td>{value.analyte}</td>
                    <td>
                      {value.value} {value.unit}
                    </td>
                    <td>{value.low !== null || value.high !== null ? `${value.low ?? ""}–${value.high ?? ""}` : (value.rangeText ?? "")}</td>
                    <td>{value.flag ? <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${FLAG_CLASS[value.flag]}`}>{FLAG_TEXT[value.flag]}</span> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      ) : null}
      {draft ? (
        <release.Form method="post" className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
          <CsrfField />
          <input type="hidden" name="intent" value="release" />
          <p className="text-sm">Version {draft.version} is a draft: the patient sees it once released.</p>
          <Button type="submit" disabled={release.state !== "idle"}>
            Release results
          </Button>
        </release.Form>
      ) : null}
      <upload.Form method="post" encType="multipart/form-data" className="grid gap-3 rounded-lg border p-3">
        <CsrfField />
        <input type="hidden" name="intent" value="upload" />
        <h2 className="text-lg font-semibold">{draft ? "Correct the draft" : booking.versions.length > 0 ? "Upload a corrected version" : "Upload the report"}</h2>
        <label className="grid gap-1 text-sm">
          Report (PDF, up to 10 MB)
          <input type="file" name="report" accept="application/pdf,.pdf" required />
        </label>
        <fieldset className="grid gap-2 text-sm">
          <legend className="font-medium">Values</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="valuesSource" value="fhir" defaultChecked /> FHIR R4 JSON file (a Bundle with a DiagnosticReport and its Observations)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="valuesSource" value="csv" /> CSV file (columns: {CSV_COLUMNS.join(", ")})
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="valuesSource" value="form" /> Typed below
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="valuesSource" value="none" /> No values (the PDF only)
          </label>
          <label className="grid gap-1">
            Values file
            <input type="file" name="valuesFile" accept=".json,.csv,application/json,text/csv" />
          </label>
          <ValueRows count={5} />
        </fieldset>
        <Button type="submit" disabled={upload.state !== "idle"}>
          Save as draft
        </Button>
      </upload.Form>
    </div>
  );
}
