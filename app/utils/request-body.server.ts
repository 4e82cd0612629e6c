// Every action reads its body through here: a body that cannot be parsed, or is too large, is the
// client's mistake and answers 400 / 413 (415 for JSON under another content type; logged as a
// warning), never a 500. Every form read here
// from a signed-in browser must carry its anti-CSRF token (403 otherwise).
import { requireCsrfToken } from "~/utils/csrf.server";
import { logger } from "~/utils/logger.server";

/** Far above any form of the site (a blog post's content is at most 200,000 characters). */
const MAX_BODY_BYTES = 1024 * 1024;

type Limit = { maxBytes?: number };

function refuse(request: Request, status: 400 | 413, reason: string): never {
  logger.warn({ method: request.method, path: new URL(request.url).pathname, reason }, "request body refused");
  throw new Response(status === 413 ? "Payload Too Large" : "Bad Request", { status });
}

async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("Content-Length")) > maxBytes) refuse(request, 413, "declared body too large");
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        refuse(request, 413, "body too large");
      }
      chunks.push(chunk.value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    refuse(request, 400, "body could not be read");
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as FormData (url-encoded or multipart), for fields read with getAll(); its CSRF token checked. */
export async function readFormData(request: Request, { maxBytes = MAX_BODY_BYTES }: Limit = {}): Promise<FormData> {
  const bytes = await readBytes(request, maxBytes);
  const contentType = request.headers.get("Content-Type") ?? "";
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return refuse(request, 400, `malformed form body (${contentType || "no content type"})`);
  }
  requireCsrfToken(request, form);
  return form;
}

/** The form's fields by name (the last value of a repeated field). */
export async function readForm(request: Request, limit?: Limit): Promise<Record<string, FormDataEntryValue>> {
  return Object.fromEntries(await readFormData(request, limit));
}

/**
 * A JSON body, still to be checked with a schema. Sent as application/json only: another site's
 * page can post text/plain or a form's content types without a preflight (a "simple" request),
 * so a JSON body under any of them is refused with 415 before it is read.
 */
export async function readJson(request: Request, { maxBytes = MAX_BODY_BYTES }: Limit = {}): Promise<unknown> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    logger.warn({ method: request.method, path: new URL(request.url).pathname, contentType }, "request body refused: not application/json");
    throw new Response("Unsupported Media Type: send application/json", { status: 415 });
  }
  const text = new TextDecoder().decode(await readBytes(request, maxBytes));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return refuse(request, 400, "malformed JSON body");
  }
}

/** The raw body as text (e.g. for a signature check over the exact payload). */
export async function readText(request: Request, { maxBytes = MAX_BODY_BYTES }: Limit = {}): Promise<string> {
  return new TextDecoder().decode(await readBytes(request, maxBytes));
}
