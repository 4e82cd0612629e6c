// Reading a `node --cpu-prof` profile: self time per function and per package, as markdown tables.
import { relative } from "node:path";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
export type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Self time per function (name, file and line), and per package or app file. */
export function summarize(profile: Profile, top: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url ? relative(process.cwd(), url.replace(/^file:\/\//, "")) : "";
    const key = `${functionName || "(anonymous)"} ${file ? `${file}:${lineNumber + 1}` : ""}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + micros);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? (file.startsWith("node:") || !file ? (functionName.startsWith("(") ? functionName : "node internals") : file.startsWith("build") ? "app (server build)" : file);
    packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `| ${((100 * micros) / total).toFixed(1)} % | ${(micros / 1000).toFixed(0)} ms | \`${name.replaceAll("|", "\\|")}\` |`);
  return [
    `Total sampled: ${(total / 1000).toFixed(0)} ms.`,
    "",
    "| self | time | function |",
    "|---:|---:|---|",
    ...rows(functions),
    "",
    "| self | time | package or file |",
    "|---:|---:|---|",
    ...rows(packages).slice(0, 15),
  ].join("\n");
}

