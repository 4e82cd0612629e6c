// How fast this machine is right now, as one figure to set beside a run's results: the same shared
// 2-core machine has given the same build twice the CPU time per page at one hour as at another
// (bench/RESULTS.md). The workload is the kind the server spends most on, React's server renderer:
// a fixed table of 300 rows rendered to a string. Lower is faster; compare it between runs before
// comparing their figures.
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";

export function machineSpeedMs(): number {
  const rows = Array.from({ length: 300 }, (_, i) =>
    h(
      "tr",
      { key: i, className: "border-t md:first:border-t-0" },
      h("td", { className: "p-2" }, h("a", { href: `/labs/lab-${i}` }, `Lab ${i}`)),
      h("td", { className: "p-2 whitespace-nowrap" }, `AED ${(i * 7.5).toFixed(2)}`),
      h("td", { className: "p-2" }, i % 3 ? "Walk-in" : "Home collection"),
    ),
  );
  const tree = h("table", null, h("tbody", null, rows));
  const times: number[] = [];
  for (let i = 0; i < 80; i++) {
    const start = performance.now();
    renderToString(tree);
    times.push(performance.now() - start);
  }
  // The first renders compile and optimise the code; the median of the rest is the machine.
  const settled = times.slice(30).sort((a, b) => a - b);
  return settled[Math.floor(settled.length / 2)];
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`machine speed: ${machineSpeedMs().toFixed(2)} ms for the reference render (lower is faster)`);
