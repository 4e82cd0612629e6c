import { expect, test } from "@playwright/test";
import { SITE_ORIGIN } from "./helpers";

test("every answer names its request, and an error page shows that name as a reference to quote", async ({ request }) => {
  const [a, b] = await Promise.all([request.get("/"), request.get("/")]);
  expect(a.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(b.headers()["x-request-id"]).not.toBe(a.headers()["x-request-id"]);
  // The server is not behind a trusted proxy here: a client cannot choose its id.
  const chosen = await request.get("/", { headers: { "X-Request-Id": "chosen-by-the-client" } });
  expect(chosen.headers()["x-request-id"]).not.toBe("chosen-by-the-client");

  // A form posted to a page that takes none: the error page.
  const refused = await request.post("/faqs", { headers: { Origin: SITE_ORIGIN }, form: { x: "1" }, maxRedirects: 0 });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  const id = refused.headers()["x-request-id"];
  expect(await refused.text()).toContain(`If you contact support, quote this reference: ${id}`);
});
