// Time of searchTests (every statement of one search, computed anew, one at a time) for each query
// of issue 30's speed table, or for the addresses given ("/search?q=u%26e", "/ar/search?q=...").
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/search-timing.ts [--rounds 7] [address ...]
import { connect } from "~/db/client.server";
import { setConnection } from "~/db/db.server";
import { parseSearchState } from "~/modules/catalog/search-params";
import { searchTests } from "~/modules/catalog/search-tests.server";
import { SEARCH_KINDS } from "./search-kinds";
import { parseArgs } from "./lib";

const args = parseArgs();
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith("postgres")) throw new Error("Set DATABASE_URL to the benchmark PostgreSQL database");
const rounds = Number(args.get("rounds") ?? 7);
const connection = await connect({ driver: "pg", url: databaseUrl, max: 2 });
setConnection(connection);
const given = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
for (const { kind, urls } of given.length ? [{ kind: "given", urls: given }] : SEARCH_KINDS) {
  for (const address of urls) {
    const url = new URL(address, "http://localhost");
    const q = url.searchParams.get("q") ?? "";
    const language = url.pathname.startsWith("/ar/") ? "ar" : "en";
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const start = performance.now();
      await searchTests(parseSearchState(new URLSearchParams({ q })), language);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(`${kind.padEnd(12)} ${q.padEnd(28)} median ${times[rounds >> 1].toFixed(1)} ms, min ${times[0].toFixed(1)} ms`);
  }
}
await connection.close();
