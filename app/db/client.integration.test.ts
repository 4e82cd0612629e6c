import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { connect, DataDirInUseError } from "~/db/client.server";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), "labtest-lock-"));
  dirs.push(dir);
  return join(dir, "pglite");
}

describe("the embedded database folder lock", () => {
  it("refuses a folder that a live process holds", async () => {
    const dir = dataDir();
    const holder = spawn("sleep", ["30"]);
    try {
      writeFileSync(`${dir}.lock`, String(holder.pid));
      await expect(connect({ driver: "pglite", dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      holder.kill();
    }
  });

  it("takes over a crashed server's lock whose pid another process has since been given", async () => {
    const dir = dataDir();
    const other = spawn("sleep", ["30"]);
    try {
      // The dead server's pid, now another process's: the start time written beside it differs.
      writeFileSync(`${dir}.lock`, `${other.pid} 1`);
      const connection = await connect({ driver: "pglite", dataDir: dir });
      await connection.close();
    } finally {
      other.kill();
    }
  });

  it("takes over the lock of a process that is gone, and releases it on close", async () => {
    const dir = dataDir();
    writeFileSync(`${dir}.lock`, "999999");
    const connection = await connect({ driver: "pglite", dataDir: dir });
    await connection.close();
    const again = await connect({ driver: "pglite", dataDir: dir });
    await again.close();
  });
});
