import { getEnv } from "~/utils/env.server";

// IndexNow proves site ownership by fetching the key from the site itself.
export function loader() {
  const key = getEnv().INDEXNOW_KEY;
  if (!key) return new Response("Not Found", { status: 404 });
  return new Response(key, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
