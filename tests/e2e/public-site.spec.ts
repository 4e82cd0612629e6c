import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

// A site on a public (https) address must not come with the accounts whose passwords the README
// publishes: none is created unless asked for, and the server refuses to start while an admin
// still has one. These journeys start servers of their own on fresh embedded databases.

test.describe.configure({ mode: "serial" });

const PUBLIC = "https://labtest.example";
let dataDir: string;
let port: number;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "labtest-e2e-public-"));
  // A port the system says is free (a fixed offset from E2E_PORT could land on PostgreSQL's 5432).
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
});
/** Servers still running when a test ends early (a failure, a time-out) are stopped with it. */
const running = new Set<ChildProcess>();
test.afterEach(() => {
  for (const child of running) child.kill("SIGKILL");
});
test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * Starts the production server on `dataDir` with `env`, waits until it answers (then stops it) or
 * exits; resolves with its exit code (null when it ran) and what it printed.
 */
async function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["server/index.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", SITE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const deadline = Date.now() + 110_000;
  while (Date.now() < deadline && child.exitCode === null) {
    // Health checks answer on any address; the banner is printed once the server listens.
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((res) => res.ok, () => false);
    if (ready && output.includes("is running at")) {
      child.kill("SIGTERM");
      await exited;
      return { code: null, output };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (child.exitCode === null) child.kill("SIGKILL");
  return { code: await exited, output };
}

test("on an https address no demo account is created, and the banner names none", async () => {
  test.setTimeout(150_000);
  const { code, output } = await runServer({ SITE_URL: PUBLIC });
  expect(code, output).toBeNull();
  expect(output).toContain(`LabTest Hub is running at ${PUBLIC}`);
  expect(output).not.toContain("Demo admin");
  expect(output).not.toContain("LabAdmin#2026");
  // Back on this machine, where the banner names the demo accounts the database holds: none.
  const local = await runServer({});
  expect(local.code, local.output).toBeNull();
  expect(local.output).not.toContain("Demo admin");
});

test("the server refuses to start on an https address while an admin has a published demo password", async () => {
  test.setTimeout(240_000);
  rmSync(dataDir, { recursive: true, force: true });
  // The quick start on this machine: the demo accounts, named by the banner.
  const quickStart = await runServer({});
  expect(quickStart.code, quickStart.output).toBeNull();
  expect(quickStart.output).toMatch(/Demo admin: +admin@labtesthub\.ae {2}\/ {2}LabAdmin#2026/);

  // The same data put on a public address.
  const refused = await runServer({ SITE_URL: PUBLIC });
  expect(refused.code).toBe(1);
  expect(refused.output).toContain("admin@labtesthub.ae still has a demo password published in the README");
  expect(refused.output).toContain("npm run set-password -- admin@labtesthub.ae");

  // A public demo on purpose.
  const demo = await runServer({ SITE_URL: PUBLIC, SEED_DEMO_ACCOUNTS: "true" });
  expect(demo.code, demo.output).toBeNull();
  expect(demo.output).toContain("Demo admin:");

  // The operator gives the admin a password of its own; the server then starts without naming it.
  const setPassword = spawnSync(process.execPath, ["--import", "tsx", "scripts/set-password.ts", "admin@labtesthub.ae"], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn", SITE_URL: "" },
    input: "an-admin-password-of-its-own\n",
    encoding: "utf8",
  });
  expect(setPassword.status, setPassword.stderr).toBe(0);
  expect(setPassword.stdout).toContain("admin@labtesthub.ae has a new password");
  const started = await runServer({ SITE_URL: PUBLIC });
  expect(started.code, started.output).toBeNull();
  expect(started.output).not.toContain("Demo admin");
});

test("a server whose port is already taken says so and stops, instead of announcing that it runs", async () => {
  test.setTimeout(150_000);
  // Another program answers on the port (over HTTP, so the wait for /readyz gets a quick 404).
  const other = createHttpServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => other.listen(port, resolve));
  try {
    const { code, output } = await runServer({});
    expect(code, output).toBe(1);
    expect(output).toContain(`The server cannot listen on port ${port}`);
    expect(output).toContain("EADDRINUSE");
    expect(output).not.toContain("is running at");
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});
