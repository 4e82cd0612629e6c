// The S3 driver against a local S3-compatible server from npm (s3rver), as CI runs it: a result's
// report stored there comes back byte for byte, and the bucket holds only sealed bytes.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { releaseResult, uploadResult } from "~/modules/results/lab-results.server";
import { versionReport } from "~/modules/results/patient-results.server";
import { s3Storage } from "~/modules/results/result-storage-s3.server";
import { myResults } from "~/modules/results/patient-results.server";
import { partnerLab } from "../../../tests/fakes/partner-lab";
import { collectedBooking, samplePdf, scopeOf } from "../../../tests/fakes/results";

const BUCKET = "results-test";
let server: { run: () => Promise<{ port: number }>; close: () => Promise<void> };
let directory: string;
let endpoint: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe("result storage on S3-compatible object storage", () => {
  it("stores, reads back and removes sealed objects; the bucket holds no readable report", async () => {
    const storage = s3Storage({ bucket: BUCKET, endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true });
    await storage.put("probe", Buffer.from("sealed bytes"));
    expect((await storage.get("probe"))?.toString()).toBe("sealed bytes");
    await storage.remove("probe");
    expect(await storage.get("probe")).toBeNull();

    const partner = await partnerLab("Al Noor Lab");
    const { booking, customer } = await collectedBooking(partner);
    const pdf = samplePdf("S3-SECRET-MARKER");
    await uploadResult(scopeOf(partner), { bookingId: booking.id, pdf, values: [] }, storage);
    await releaseResult(scopeOf(partner), booking.id);
    const [result] = await myResults(customer.id);
    // versionReport finds the driver by the file row's name: configure the same S3 storage for the app.
    process.env.RESULTS_STORAGE = "s3";
    process.env.RESULTS_S3_BUCKET = BUCKET;
    process.env.RESULTS_S3_ENDPOINT = endpoint;
    process.env.RESULTS_S3_ACCESS_KEY_ID = "S3RVER";
    process.env.RESULTS_S3_SECRET_ACCESS_KEY = "S3RVER";
    process.env.RESULTS_S3_FORCE_PATH_STYLE = "true";
    try {
      const { resetResultStorageForTests } = await import("~/modules/results/result-storage.server");
      const { resetEnvForTests } = await import("~/utils/env.server");
      resetEnvForTests();
      resetResultStorageForTests();
      expect((await versionReport(result.id, 1))!.pdf.equals(pdf)).toBe(true);
    } finally {
      for (const name of ["RESULTS_STORAGE", "RESULTS_S3_BUCKET", "RESULTS_S3_ENDPOINT", "RESULTS_S3_ACCESS_KEY_ID", "RESULTS_S3_SECRET_ACCESS_KEY", "RESULTS_S3_FORCE_PATH_STYLE"]) delete process.env[name];
      const { resetEnvForTests } = await import("~/utils/env.server");
      const { resetResultStorageForTests } = await import("~/modules/results/result-storage.server");
      resetEnvForTests();
      resetResultStorageForTests();
    }
    const raw = filesUnder(directory).map((file) => readFileSync(file).toString("latin1")).join("\n");
    expect(raw).not.toContain("S3-SECRET-MARKER");
    expect(raw).not.toContain("%PDF");
  });
});
