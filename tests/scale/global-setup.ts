import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { ADMIN_DATABASE_URL, freePort, serverEnv, startServer, stopServer, waitUntilReady, withDatabase } from "./servers";

/**
 * Creates a fresh database, starts two app processes A and B on it at the same moment (so they
 * race for the migrations and the demo seed), and gives the tests their addresses. The returned
 * function stops both and drops the database.
 */
export default async function globalSetup() {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!existsSync(`${buildDir}/server/index.js`)) throw new Error(`No production build in ${buildDir}/: run npm run build first`);
  const name = `labtest_scale_${randomBytes(4).toString("hex")}`;
  await withDatabase(ADMIN_DATABASE_URL, (client) => client.query(`create database ${name}`));
  const databaseUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${name}` }).href;
  const env = serverEnv(databaseUrl);
  const [portA, portB] = [await freePort(), await freePort()];
  const servers = [startServer("A", portA, env), startServer("B", portB, env)];
  try {
    await Promise.all(servers.map((server) => waitUntilReady(server)));
  } catch (error) {
    await Promise.all(servers.map((server) => stopServer(server)));
    await dropDatabase(name);
    throw error;
  }
  process.env.SCALE_DATABASE_URL = databaseUrl;
  process.env.SCALE_A_URL = servers[0]!.url;
  process.env.SCALE_B_URL = servers[1]!.url;
  console.log(`\n  Scale test: A ${servers[0]!.url} and B ${servers[1]!.url} on database ${name}\n`);

  return async () => {
    const exits = await Promise.all(servers.map((server) => stopServer(server)));
    await dropDatabase(name);
    exits.forEach((exit, index) => {
      if (exit.code !== 0) throw new Error(`${servers[index]!.name} did not shut down cleanly: ${JSON.stringify(exit)}`);
    });
  };
}

async function dropDatabase(name: string) {
  await withDatabase(ADMIN_DATABASE_URL, (client) => client.query(`drop database if exists ${name} with (force)`));
}
