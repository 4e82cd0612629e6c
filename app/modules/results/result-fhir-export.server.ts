// The patient's results as a FHIR R4 Bundle (issue 28): per result a DiagnosticReport (the lab as
// performer, the report's PDF not included) and its Observations with LOINC codes, quantities,
// reference ranges and interpretations. Typed with @types/fhir's R4 shapes.
import { randomUUID } from "node:crypto";
import type { Bundle, BundleEntry, DiagnosticReport, Observation } from "fhir/r4";
import { logResultAccess } from "~/modules/results/result-access-log.server";
import { resultView } from "~/modules/results/patient-results.server";
import { numericValue, type ResultFlag } from "~/modules/results/result-values";

const INTERPRETATION: Record<ResultFlag, { code: string; display: string }> = {
  high: { code: "H", display: "High" },
  low: { code: "L", display: "Low" },
  normal: { code: "N", display: "Normal" },
};

/** A Bundle (type collection) of the given results' current versions, the export logged per result. */
export async function fhirExport(userId: string, resultIds: string[]): Promise<Bundle> {
  const entry: BundleEntry[] = [];
  for (const resultId of resultIds) {
    const view = await resultView(resultId);
    const current = view?.versions.find((version) => version.status === "released");
    if (!view || !current) continue;
    await logResultAccess(resultId, { action: "export", actorKind: "customer", actorId: userId });
    const observationUrls: string[] = [];
    for (const value of current.values) {
      const fullUrl = `urn:uuid:${randomUUID()}`;
      observationUrls.push(fullUrl);
      const number = numericValue(value.value);
      const observation: Observation = {
        resourceType: "Observation",
        status: "final",
        code: { text: value.analyte, ...(value.loinc ? { coding: [{ system: "http://loinc.org", code: value.loinc, display: value.analyte }] } : {}) },
        ...(number !== null ? { valueQuantity: { value: number, ...(value.unit ? { unit: value.unit } : {}) } } : { valueString: value.value }),
        ...(value.low !== null || value.high !== null || value.rangeText
          ? {
              referenceRange: [
                {
                  ...(value.low !== null ? { low: { value: value.low, ...(value.unit ? { unit: value.unit } : {}) } } : {}),
                  ...(value.high !== null ? { high: { value: value.high, ...(value.unit ? { unit: value.unit } : {}) } } : {}),
                  ...(value.rangeText ? { text: value.rangeText } : {}),
                },
              ],
            }
          : {}),
        ...(value.flag
          ? { interpretation: [{ coding: [{ system: "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation", ...INTERPRETATION[value.flag] }] }] }
          : {}),
        ...(current.releasedAt ? { issued: current.releasedAt } : {}),
      };
      entry.push({ fullUrl, resource: observation });
    }
    const report: DiagnosticReport = {
      resourceType: "DiagnosticReport",
      id: resultId,
      status: current.version > 1 ? "corrected" : "final",
      code: { text: view.testName ?? "Laboratory report" },
      performer: [{ display: view.labName }],
      ...(current.releasedAt ? { issued: current.releasedAt } : {}),
      ...(view.sampleCollectedAt ? { effectiveDateTime: view.sampleCollectedAt } : {}),
      result: observationUrls.map((reference) => ({ reference })),
    };
    entry.push({ fullUrl: `urn:uuid:${resultId}`, resource: report });
  }
  return { resourceType: "Bundle", type: "collection", timestamp: new Date().toISOString(), entry };
}
