// Finds the Chromium the end-to-end tests drive, or installs Debian's: `npm test` runs it first, so
// that on a fresh machine `npm install && npm start` and `npm test` are the whole set-up.
//
// - CHROMIUM_PATH, or /usr/bin/chromium, when it is there: nothing to do. (playwright.config.ts
//   launches the same: CHROMIUM_PATH, else /usr/bin/chromium.)
// - Missing, as root with apt-get: `apt-get update && apt-get install -y chromium fonts-liberation`.
// - Missing otherwise: stop at once, with the one command to run.
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
const PACKAGES = ["chromium", "fonts-liberation"];
export const INSTALL_COMMAND = `apt-get update && apt-get install -y ${PACKAGES.join(" ")}`;

export type Machine = {
  /** CHROMIUM_PATH, when set. */
  chromiumPath: string | undefined;
  isExecutable: (path: string) => boolean;
  isRoot: boolean;
  hasAptGet: boolean;
};

export type BrowserPlan =
  | { action: "use"; path: string }
  | { action: "install"; path: string }
  | { action: "stop"; message: string };

/** What to do on this machine (no side effects). */
export function browserPlan(machine: Machine): BrowserPlan {
  if (machine.chromiumPath) {
    if (machine.isExecutable(machine.chromiumPath)) return { action: "use", path: machine.chromiumPath };
    return {
      action: "stop",
      message: `CHROMIUM_PATH is ${machine.chromiumPath}, which is not an executable file. Point it at Chromium or Chrome, or unset it to use ${DEBIAN_CHROMIUM}.`,
    };
  }
  if (machine.isExecutable(DEBIAN_CHROMIUM)) return { action: "use", path: DEBIAN_CHROMIUM };
  if (machine.isRoot && machine.hasAptGet) return { action: "install", path: DEBIAN_CHROMIUM };
  const missing = `The browser tests need Chromium, and there is none at ${DEBIAN_CHROMIUM} (CHROMIUM_PATH is not set).`;
  return {
    action: "stop",
    message: machine.hasAptGet
      ? `${missing} Install it, then run npm test again:\n\n  sudo sh -c '${INSTALL_COMMAND}'\n`
      : `${missing} Run the tests with the path of a Chromium or Chrome executable:\n\n  CHROMIUM_PATH=/path/to/chromium npm test\n`,
  };
}

function isExecutable(path: string) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(program: string) {
  return (process.env.PATH ?? "").split(delimiter).some((dir) => dir && isExecutable(join(dir, program)));
}

function thisMachine(): Machine {
  return {
    chromiumPath: process.env.CHROMIUM_PATH || undefined,
    isExecutable,
    isRoot: process.getuid?.() === 0,
    hasAptGet: onPath("apt-get"),
  };
}

function install() {
  console.log(`Installing Debian's chromium for the browser tests: ${INSTALL_COMMAND}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", ...PACKAGES]]) {
    const run = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed (exit ${run.status ?? run.signal})`);
  }
}

function main() {
  const plan = browserPlan(thisMachine());
  if (plan.action === "stop") {
    console.error(plan.message);
    process.exit(1);
  }
  if (plan.action === "install") {
    install();
    if (!isExecutable(plan.path)) {
      console.error(`apt-get installed chromium, but ${plan.path} is still missing.`);
      process.exit(1);
    }
    console.log(execFileSync(plan.path, ["--version"], { encoding: "utf8" }).trim());
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
