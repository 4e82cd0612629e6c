// Results for the tests: a booking whose sample the lab collected, a small PDF, a FHIR Bundle.
import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings } from "~/db/schema";
import type { LabScope } from "~/modules/partner/lab-scope.server";
import { codBooking, type partnerLab } from "./partner-lab";

type PartnerLab = Awaited<ReturnType<typeof partnerLab>>;

/** A lab member's scope, as requireLabMember makes it. */
export const scopeOf = (partner: PartnerLab, who: "manager" | "staff" = "staff") =>
  ({ labId: partner.lab.id, labName: partner.lab.name, userId: partner[who].id, email: partner[who].email, role: who }) as LabScope;

/** A cash-on-delivery booking of the lab whose sample was collected `hoursAgo` hours ago. */
export async function collectedBooking(partner: PartnerLab, hoursAgo = 2, customerBooking?: Awaited<ReturnType<typeof codBooking>>) {
  const made = customerBooking ?? (await codBooking(partner));
  await db
    .update(bookings)
    .set({ status: "sample_collected", sampleCollectedAt: new Date(Date.now() - hoursAgo * 3_600_000) })
    .where(eq(bookings.id, made.booking.id));
  return made;
}

/** A small but real PDF (one empty page) with a marker text inside. */
export function samplePdf(marker = "Haemoglobin A1c 7.9 %") {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${marker}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    "latin1",
  );
}

/** A FHIR R4 Bundle: a DiagnosticReport and its Observations (HbA1c high, glucose normal, one text value). */
export function sampleFhirBundle(hba1c = 7.9) {
  return JSON.stringify({
    resourceType: "Bundle",
    type: "collection",
    entry: [
      {
        fullUrl: "urn:uuid:7d2f0a3e-4a51-4a8a-9c53-000000000001",
        resource: {
          resourceType: "Observation",
          status: "final",
          code: { coding: [{ system: "http://loinc.org", code: "4548-4", display: "Hemoglobin A1c/Hemoglobin.total in Blood" }], text: "HbA1c" },
          valueQuantity: { value: hba1c, unit: "%" },
          referenceRange: [{ low: { value: 4 }, high: { value: 5.6 } }],
        },
      },
      {
        fullUrl: "urn:uuid:7d2f0a3e-4a51-4a8a-9c53-000000000002",
        resource: {
          resourceType: "Observation",
          id: "glucose",
          status: "final",
          code: { coding: [{ system: "http://loinc.org", code: "1558-6" }], text: "Fasting glucose" },
          valueQuantity: { value: 92, unit: "mg/dL" },
          referenceRange: [{ low: { value: 70 }, high: { value: 99 } }],
        },
      },
      {
        fullUrl: "urn:uuid:7d2f0a3e-4a51-4a8a-9c53-000000000003",
        resource: { resourceType: "Observation", status: "final", code: { text: "Urine ketones" }, valueString: "Negative", referenceRange: [{ text: "Negative" }] },
      },
      {
        resource: {
          resourceType: "DiagnosticReport",
          status: "final",
          code: { text: "Diabetes panel" },
          result: [{ reference: "urn:uuid:7d2f0a3e-4a51-4a8a-9c53-000000000001" }, { reference: "Observation/glucose" }, { reference: "urn:uuid:7d2f0a3e-4a51-4a8a-9c53-000000000003" }],
        },
      },
    ],
  });
}
