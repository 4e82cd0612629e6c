// The production server as a child process: started, waited for, killed with SIGKILL or stopped.
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, readFileSync } from "node:fs";
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export type ServerOptions = {
  port: number;
  env: Record<string, string | undefined>;
  /** Every line the server prints is appended here. */
  logFile: string;
};

export class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);

  constructor(private readonly options: ServerOptions) {}

  get origin() {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get pid() {
    return this.child?.pid;
  }

  /** Starts `node server/index.js` in its own process group and waits until /readyz answers 200. */
  async start(timeoutMs = 120_000): Promise<number> {
    const began = Date.now();
    appendFileSync(this.options.logFile, `\n--- start ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, ["server/index.js"], {
      env: { ...this.options.env, PORT: String(this.options.port) },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group: SIGKILL reaches every process it forks (a cluster's workers too).
      detached: true,
    });
    this.child = child;
    const log = (chunk: Buffer) => appendFileSync(this.options.logFile, chunk);
    child.stdout?.on("data", log);
    child.stderr?.on("data", log);
    this.exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    let exitCode: number | null | undefined;
    void this.exited.then((code) => (exitCode = code));

    while (Date.now() - began < timeoutMs) {
      if (exitCode !== undefined) throw new Error(`the server exited with code ${exitCode} while starting:\n${this.logTail()}`);
      try {
        const response = await fetch(`${this.origin}/readyz`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) return Date.now() - began;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    await this.kill();
    throw new Error(`the server was not ready within ${timeoutMs / 1000} s:\n${this.logTail()}`);
  }

  /** kill -9 of the whole process group: no shutdown handler runs. */
  async kill() {
    if (!this.child?.pid) return;
    try {
      process.kill(-this.child.pid, "SIGKILL");
    } catch {
      // already gone
    }
    await this.exited;
    this.child = undefined;
  }

  /** A graceful stop (SIGTERM), as an operator would do it. */
  async stop() {
    if (!this.child?.pid) return;
    process.kill(this.child.pid, "SIGTERM");
    const code = await Promise.race([this.exited, sleep(20_000).then(() => "timeout" as const)]);
    if (code === "timeout") {
      await this.kill();
      throw new Error(`the server did not stop within 20 s of SIGTERM:\n${this.logTail()}`);
    }
    this.child = undefined;
  }

  logTail(lines = 30) {
    try {
      return readFileSync(this.options.logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
    } catch {
      return "(no server log)";
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
