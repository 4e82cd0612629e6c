import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, serverEnv, startServer, stopServer, waitUntilReady } from "./servers";

const DATABASE_URL = process.env.SCALE_DATABASE_URL!;

/** The pids of a process's children (Linux /proc). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

test("WEB_CONCURRENCY=2 serves one port from two processes, replaces a dead one and stops on SIGTERM", async () => {
  const server = startServer("cluster", await freePort(), { ...serverEnv(DATABASE_URL), WEB_CONCURRENCY: "2" });
  try {
    await waitUntilReady(server);
    const primary = server.child.pid!;
    await expect.poll(() => childrenOf(primary).length).toBe(2);
    const workers = childrenOf(primary);

    const answers = await Promise.all(Array.from({ length: 20 }, () => statusOf(`${server.url}/healthz`)));
    expect(answers).toEqual(Array(20).fill(200));
    // The banner, printed once both processes serve (killing the only one serving would close the port).
    await expect.poll(() => server.output()).toContain("(2 processes, supervisor pid");
    expect(server.output().match(/LabTest Hub is running at/g)).toHaveLength(1);

    // One worker dies: the other keeps the port answering (new connections) while the supervisor
    // starts a new one.
    process.kill(workers[0]!, "SIGKILL");
    await expect.poll(() => server.output()).toContain(`Server process ${workers[0]} exited (signal SIGKILL): starting a new one.`);
    const duringRestart = await Promise.all(Array.from({ length: 10 }, () => statusOf(`${server.url}/healthz`)));
    expect(duringRestart).toEqual(Array(10).fill(200));
    await expect.poll(() => server.output(), { timeout: 30_000 }).toMatch(new RegExp(`Server process \\d+ is serving in place of ${workers[0]}\\.`));
    expect(childrenOf(primary)).toHaveLength(2);
    expect(childrenOf(primary)).toContain(workers[1]);

    const survivors = childrenOf(primary);
    const exit = await stopServer(server);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(survivors.filter(alive)).toEqual([]);
    expect(server.output().match(/SIGTERM received: closing the server \(process \d+\)/g)).toHaveLength(2);
  } finally {
    await stopServer(server);
  }
});

test("with the embedded database WEB_CONCURRENCY stays one process and says why", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "labtest-scale-embedded-"));
  const env = { ...serverEnv(""), DATABASE_URL: "", BETTER_AUTH_SECRET: "", SEED_DEMO_DATA: "false", DATA_DIR: dataDir, WEB_CONCURRENCY: "2" };
  const server = startServer("embedded", await freePort(), env);
  try {
    await waitUntilReady(server);
    expect(server.output()).toContain("WEB_CONCURRENCY=2 ignored: the embedded database (PGlite) is one connection inside one process");
    expect(childrenOf(server.child.pid!)).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a wrong WEB_CONCURRENCY stops the start with a message naming it", async () => {
  const server = startServer("wrong", await freePort(), { ...serverEnv(DATABASE_URL), WEB_CONCURRENCY: "lots" });
  expect(await server.exited).toEqual({ code: 1, signal: null });
  expect(server.output()).toContain('WEB_CONCURRENCY: a whole number from 1 to 64, got "lots"');
});

/** One request on a connection of its own (fetch would reuse one to the worker that was killed). */
function statusOf(url: string) {
  return new Promise<number>((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on("error", reject);
  });
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
