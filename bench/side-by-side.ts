// Two builds under load at the same moment: both servers run on the same database, each gets
// `--clients` concurrent clients for `--seconds` at once, round after round. Whatever else the
// shared machine is doing then weighs on both alike, which taking turns (bench/compare.ts) cannot
// promise when the machine's speed changes within seconds. Prints each round's req/s, p95 and the
// server's CPU per request, and the median ratio of CPU per request (after / before).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/side-by-side.ts --before /path/to/other/checkout \
//     [--kind search|suggest|health] [--signed-in] [--clients 10] [--seconds 5] [--rounds 6] [--node /path/to/node]
// The other checkout needs its own build (`npm run build` there, or a copy of one in its build/).
import { cpuMillis, fmt, parseArgs, runLoad, signIn, startServer, type BenchServer } from "./lib";
import { CUSTOMER, nodeVersion } from "./cpu";
import { machineSpeedMs } from "./machine-speed";
import { SEARCH_KINDS, SUGGEST_URLS } from "./search-kinds";

const args = parseArgs();
const beforeDir = args.get("before");
if (!beforeDir) {
  console.error("--before <checkout with a build> is required");
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench";
const clients = Number(args.get("clients") ?? 10);
const seconds = Number(args.get("seconds") ?? 5);
const rounds = Number(args.get("rounds") ?? 6);
const signedIn = args.has("signed-in");
const node = args.get("node");
const URLS: Record<string, string[]> = { search: SEARCH_KINDS.flatMap((kind) => kind.urls), suggest: SUGGEST_URLS, health: ["/healthz", "/about"] };
const kind = args.get("kind") ?? "search";
const urls = URLS[kind];
if (!urls) {
  console.error(`--kind is one of ${Object.keys(URLS).join(", ")}`);
  process.exit(2);
}

const sides: { label: string; server: BenchServer; cookie?: string; rounds: string[]; cpu: number[] }[] = [];
try {
  for (const [label, cwd] of [["before", beforeDir], ["after", undefined]] as const) {
    const server = await startServer({ cwd, buildDir: cwd ? "build" : (args.get("build") ?? "build"), databaseUrl, pageCacheSeconds: 0, node });
    sides.push({ label, server, cookie: signedIn ? await signIn(server.url, CUSTOMER.email, CUSTOMER.password) : undefined, rounds: [], cpu: [] });
  }
  console.log(`${kind}${signedIn ? ", signed in" : ""}: ${clients} clients on each server at once, ${seconds} s a round, Node ${nodeVersion(node)}, machine speed ${machineSpeedMs().toFixed(2)} ms`);
  // Served a while first: the first seconds pay for compiling the code and filling the shared data.
  await Promise.all(sides.map((side) => runLoad(side.server.url, urls, { clients, seconds: 5, cookie: side.cookie })));
  for (let round = 0; round < rounds; round++) {
    const before = sides.map((side) => cpuMillis(side.server.pid));
    const results = await Promise.all(sides.map((side) => runLoad(side.server.url, urls, { clients, seconds, cookie: side.cookie })));
    sides.forEach((side, i) => {
      const cpu = (cpuMillis(side.server.pid) - before[i]) / results[i].count;
      side.cpu.push(cpu);
      side.rounds.push(`${fmt(results[i].rps, 0)} / ${fmt(results[i].p95)} / ${fmt(cpu, 2)}`);
    });
  }
  console.log("\nreq/s / p95 ms / CPU ms per request, round by round\n");
  for (const side of sides) console.log(`${side.label.padEnd(7)} ${side.rounds.join("   ")}`);
  const ratios = sides[1].cpu.map((cpu, i) => cpu / sides[0].cpu[i]).sort((a, b) => a - b);
  console.log(`\nCPU per request, after / before: median ${fmt(ratios[Math.floor(ratios.length / 2)], 3)} (${ratios.map((r) => fmt(r, 2)).join(", ")})`);
  console.log(`machine speed after: ${machineSpeedMs().toFixed(2)} ms`);
} finally {
  await Promise.all(sides.map((side) => side.server.stop()));
}
