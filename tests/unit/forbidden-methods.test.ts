import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { refuseForbiddenMethods } from "../../server/forbidden-methods";

let closeServer: (() => void) | undefined;
afterEach(() => closeServer?.());

/** An app whose pages throw on a method the Fetch API cannot represent, as React Router's adapter does. */
async function serve() {
  const app = express();
  app.use(refuseForbiddenMethods);
  app.use((req, res) => {
    new Request("http://localhost/", { method: req.method });
    res.send("page");
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  closeServer = () => server.close();
  return (server.address() as AddressInfo).port;
}

function send(port: number, method: string) {
  return new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
    const request = httpRequest({ port, method, path: "/", headers: { cookie: "better-auth.session_token=secret" } }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("methods the site does not serve", () => {
  it("answers TRACE with 405 and never echoes the request", async () => {
    const port = await serve();
    const trace = await send(port, "TRACE");
    expect(trace.status).toBe(405);
    expect(trace.allow).toBe("GET, HEAD, POST");
    expect(trace.body).not.toContain("secret");
  });

  it("passes the methods pages use on", async () => {
    const port = await serve();
    for (const method of ["GET", "POST", "PUT", "DELETE", "OPTIONS"]) expect((await send(port, method)).status).toBe(200);
  });
});
