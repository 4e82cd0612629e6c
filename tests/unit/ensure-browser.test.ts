import { describe, expect, it } from "vitest";
import { browserPlan, DEBIAN_CHROMIUM, INSTALL_COMMAND, type Machine } from "../../scripts/ensure-browser";

const machine = (overrides: Partial<Machine> & { executables?: string[] }): Machine => ({
  chromiumPath: undefined,
  isRoot: false,
  hasAptGet: true,
  ...overrides,
  isExecutable: (path) => (overrides.executables ?? []).includes(path),
});

describe("npm test's browser (scripts/ensure-browser.ts)", () => {
  it("uses CHROMIUM_PATH, else Debian's chromium, when it is there", () => {
    expect(browserPlan(machine({ chromiumPath: "/opt/chrome/chrome", executables: ["/opt/chrome/chrome", DEBIAN_CHROMIUM] }))).toEqual({
      action: "use",
      path: "/opt/chrome/chrome",
    });
    expect(browserPlan(machine({ executables: [DEBIAN_CHROMIUM] }))).toEqual({ action: "use", path: DEBIAN_CHROMIUM });
  });

  it("installs Debian's chromium when it is missing and it may (root, apt-get)", () => {
    expect(browserPlan(machine({ isRoot: true }))).toEqual({ action: "install", path: DEBIAN_CHROMIUM });
    expect(INSTALL_COMMAND).toBe("apt-get update && apt-get install -y chromium fonts-liberation");
  });

  it("otherwise stops at once with the one command to run", () => {
    const notRoot = browserPlan(machine({}));
    expect(notRoot.action).toBe("stop");
    expect(notRoot.action === "stop" && notRoot.message).toContain(`sudo sh -c '${INSTALL_COMMAND}'`);
    const noApt = browserPlan(machine({ isRoot: true, hasAptGet: false }));
    expect(noApt.action === "stop" && noApt.message).toContain("CHROMIUM_PATH=/path/to/chromium npm test");
  });

  it("stops when CHROMIUM_PATH names no executable, rather than install another browser", () => {
    const plan = browserPlan(machine({ chromiumPath: "/nowhere/chromium", isRoot: true, executables: [DEBIAN_CHROMIUM] }));
    expect(plan.action === "stop" && plan.message).toContain("CHROMIUM_PATH is /nowhere/chromium");
  });
});
