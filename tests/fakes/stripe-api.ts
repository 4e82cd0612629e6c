import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A checkout session as the fake keeps it (the fields our code reads, named as Stripe names them). */
export type FakeCheckoutSession = {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string;
  currency: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  line_items: { name: string; unit_amount: number; quantity: number; currency: string }[];
};

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Stripe's form encoding (`a[b][0][c]=v`) back into the few fields the fake needs. */
function parseCreateSession(form: URLSearchParams) {
  const metadata: Record<string, string> = {};
  const lines = new Map<number, { name: string; unit_amount: number; quantity: number; currency: string }>();
  for (const [key, value] of form) {
    const meta = /^metadata\[(.+)\]$/.exec(key);
    if (meta) metadata[meta[1]] = value;
    const line = /^line_items\[(\d+)\]\[(.+)\]$/.exec(key);
    if (line) {
      const index = Number(line[1]);
      const entry = lines.get(index) ?? { name: "", unit_amount: 0, quantity: 1, currency: "" };
      if (line[2] === "quantity") entry.quantity = Number(value);
      if (line[2] === "price_data][unit_amount") entry.unit_amount = Number(value);
      if (line[2] === "price_data][currency") entry.currency = value;
      if (line[2] === "price_data][product_data][name") entry.name = value;
      lines.set(index, entry);
    }
  }
  return { metadata, lineItems: [...lines.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry) };
}

/**
 * A local fake of the two Stripe endpoints checkout uses (create and retrieve a Checkout
 * Session), on 127.0.0.1, so the real `stripe` SDK can be exercised without the network.
 */
export async function startFakeStripeApi() {
  const sessions = new Map<string, FakeCheckoutSession>();
  const requests: { method: string; path: string; authorization: string | undefined; idempotencyKey: string | undefined }[] = [];
  let counter = 0;

  const server = createServer(async (request, response) => {
    const path = (request.url ?? "").split("?")[0];
    requests.push({
      method: request.method ?? "",
      path,
      authorization: request.headers.authorization,
      idempotencyKey: request.headers["idempotency-key"] as string | undefined,
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_fake_${counter}` });
      response.end(JSON.stringify(body));
    };
    if (!request.headers.authorization?.startsWith("Bearer sk_")) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const form = new URLSearchParams(await readBody(request));
      const { metadata, lineItems } = parseCreateSession(form);
      const id = `cs_test_fake_${++counter}`;
      const session: FakeCheckoutSession = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: form.get("mode") ?? "",
        currency: form.get("currency") ?? lineItems[0]?.currency ?? "",
        status: "open",
        payment_status: "unpaid",
        amount_total: lineItems.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0),
        client_reference_id: form.get("client_reference_id"),
        customer_email: form.get("customer_email"),
        metadata,
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
        line_items: lineItems,
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === "GET" && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]));
      if (!session) {
        return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such checkout.session" } });
      }
      return send(200, session);
    }
    return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path})` } });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    /** What Stripe does when the customer completes the hosted page. */
    completeSession(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`No fake session ${id}`);
      session.status = "complete";
      session.payment_status = "paid";
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
