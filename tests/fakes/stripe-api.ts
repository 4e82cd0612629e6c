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
  /** Set when the customer pays (in Stripe: when the session creates its PaymentIntent). */
  payment_intent: string | null;
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

/** A refund as the fake keeps it. */
export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
};

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
 * A local fake of the Stripe endpoints checkout uses (create, retrieve and expire a Checkout
 * Session; create a refund, idempotently), on 127.0.0.1, so the real `stripe` SDK can be
 * exercised without the network.
 */
export async function startFakeStripeApi() {
  const sessions = new Map<string, FakeCheckoutSession>();
  /** Refunds by idempotency key: Stripe answers a repeated key with the first result. */
  const refunds = new Map<string, FakeRefund>();
  let unavailableRequests = 0;
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
    if (unavailableRequests > 0) {
      unavailableRequests--;
      return send(503, { error: { type: "api_error", message: "Stripe is unavailable (fake outage)" } });
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
        payment_intent: null,
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
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (request.method === "POST" && expire) {
      const session = sessions.get(decodeURIComponent(expire[1]));
      if (!session) {
        return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such checkout.session" } });
      }
      if (session.status !== "open") {
        return send(400, {
          error: { type: "invalid_request_error", message: `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${session.status}".` },
        });
      }
      session.status = "expired";
      return send(200, session);
    }
    if (request.method === "POST" && path === "/v1/refunds") {
      const form = new URLSearchParams(await readBody(request));
      const key = request.headers["idempotency-key"] as string | undefined;
      const known = key ? refunds.get(key) : undefined;
      if (known) return send(200, known);
      const paymentIntent = form.get("payment_intent") ?? "";
      const session = [...sessions.values()].find((candidate) => candidate.payment_intent === paymentIntent);
      if (!session) {
        return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } });
      }
      const refunded = [...refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);
      const amount = Number(form.get("amount") ?? session.amount_total);
      if (refunded.reduce((sum, refund) => sum + refund.amount, 0) + amount > session.amount_total) {
        return send(400, { error: { type: "invalid_request_error", code: "charge_already_refunded", message: "Charge has already been refunded." } });
      }
      const refund: FakeRefund = {
        id: `re_test_fake_${++counter}`,
        object: "refund",
        amount,
        currency: session.currency,
        payment_intent: paymentIntent,
        status: "succeeded",
      };
      refunds.set(key ?? refund.id, refund);
      return send(200, refund);
    }
    return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path})` } });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    requests,
    /** The next `count` requests answer 503 without being processed (an outage). */
    failNextRequests(count: number) {
      unavailableRequests = count;
    },
    /** What Stripe does when the customer completes the hosted page. */
    completeSession(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`No fake session ${id}`);
      if (session.status !== "open") throw new Error(`Fake session ${id} is ${session.status} and cannot be paid`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = `pi_test_fake_${++counter}`;
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
