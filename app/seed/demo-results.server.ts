// The demo customer's released results (issue 28): two labs, the same analytes measured twice (a
// trend), one value High. Written with the seed's executor (no transaction of its own), sealed
// like any upload, the report in the database driver's table.
import { randomUUID } from "node:crypto";
import { ilike } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import * as schema from "~/db/schema";
import { seal } from "~/utils/sealing.server";
import { fileContext, sealValues } from "~/modules/results/result-records.server";
import type { ResultValue } from "~/modules/results/result-values";

const DAY = 24 * 60 * 60 * 1000;

/** A small, valid one-page PDF showing `lines` (Helvetica), with a correct cross-reference table. */
export function demoReportPdf(lines: string[]) {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = ["BT", "/F1 12 Tf", "50 780 Td", "16 TL", ...lines.map((line) => `(${escape(line)}) '`), "ET"].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const value = (analyte: string, loinc: string, result: string, unit: string, low: number, high: number): ResultValue => ({
  analyte,
  loinc,
  value: result,
  unit,
  low,
  high,
  rangeText: null,
  interpretation: null,
});

/** Two released results of the demo customer at two labs: HbA1c and glucose twice, HbA1c High the second time. */
export async function seedDemoResults(executor: Executor, userId: string, labIds: string[]) {
  if (labIds.length < 2) return;
  const [test] = await executor.select({ id: schema.tests.id }).from(schema.tests).where(ilike(schema.tests.name, "%hba1c%")).limit(1);
  const reports = [
    { lab: labIds[1], daysAgo: 120, values: [value("HbA1c", "4548-4", "5.4", "%", 4, 5.6), value("Fasting glucose", "1558-6", "94", "mg/dL", 70, 99)] },
    { lab: labIds[0], daysAgo: 20, values: [value("HbA1c", "4548-4", "6.1", "%", 4, 5.6), value("Fasting glucose", "1558-6", "97", "mg/dL", 70, 99)] },
  ];
  for (const report of reports) {
    const at = new Date(Date.now() - report.daysAgo * DAY);
    const date = at.toISOString().slice(0, 10);
    const [booking] = await executor
      .insert(schema.bookings)
      .values({
        userId,
        testId: test?.id ?? null,
        labId: report.lab,
        status: "completed",
        scheduledDate: date,
        scheduledTime: "08:00",
        patientName: "Aisha Al Mansoori",
        patientEmail: "customer@labtesthub.ae",
        sampleCollectedAt: at,
        createdAt: new Date(at.getTime() - DAY),
      })
      .returning({ id: schema.bookings.id });
    const [result] = await executor
      .insert(schema.results)
      .values({ bookingId: booking.id, labId: report.lab, userId, testId: test?.id ?? null, releasedAt: new Date(at.getTime() + DAY), createdAt: at })
      .returning({ id: schema.results.id });
    const versionId = randomUUID();
    await executor.insert(schema.resultVersions).values({
      id: versionId,
      resultId: result.id,
      version: 1,
      status: "released",
      releasedAt: new Date(at.getTime() + DAY),
      createdAt: at,
      ...sealValues(versionId, report.values),
    });
    const pdf = demoReportPdf(["LabTest Hub demo report", `Date: ${date}`, ...report.values.map((v) => `${v.analyte}: ${v.value} ${v.unit} (${v.low}-${v.high})`)]);
    const sealed = seal(pdf, fileContext(versionId));
    const objectKey = `results/${randomUUID()}`;
    await executor.insert(schema.resultBlobs).values({ key: objectKey, bytes: sealed.sealed });
    await executor.insert(schema.resultFiles).values({ versionId, storage: "db", objectKey, keyId: sealed.keyId, size: pdf.length });
  }
}
