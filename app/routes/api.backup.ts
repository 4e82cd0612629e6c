import type { Route } from "./+types/api.backup";
import { backupForRequest } from "~/db/backup.server";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const notFound = () => new Response("Not Found", { status: 404 });

export function loader() {
  return notFound();
}

/**
 * POST /api/backup (npm run backup while the server runs): the embedded database as a gzipped
 * tarball, for a request from this machine carrying the data folder's backup token. Anything
 * else gets the same 404 as an unknown address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST" || !LOOPBACK.has(context.clientAddress)) return notFound();
  const token = /^Bearer (\S+)$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? null;
  const tarball = await backupForRequest(token);
  if (!tarball) return notFound();
  return new Response(tarball, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": 'attachment; filename="labtest-backup.tar.gz"',
      "Cache-Control": "no-store",
    },
  });
}
