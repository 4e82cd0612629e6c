import { describe, expect, it } from "vitest";
import { readForm, readFormData, readJson } from "~/utils/request-body.server";

const post = (body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost:3999/profile", {
    method: "POST",
    body,
    headers: { ...(contentType ? { "Content-Type": contentType } : {}), ...headers },
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);

async function refusal(read: Promise<unknown>) {
  const thrown = await read.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return (thrown as Response).status;
}

describe("reading a request body", () => {
  it("reads url-encoded and multipart forms", async () => {
    expect(await readForm(post("firstName=Aisha&phone=%2B971", "application/x-www-form-urlencoded"))).toEqual({
      firstName: "Aisha",
      phone: "+971",
    });
    const form = new FormData();
    form.append("events", "booking_created");
    form.append("events", "booking_updated");
    expect((await readFormData(new Request("http://localhost:3999/x", { method: "POST", body: form }))).getAll("events")).toEqual([
      "booking_created",
      "booking_updated",
    ]);
  });

  it("answers 400 to a body that is not a form", async () => {
    expect(await refusal(readForm(post('{"intent":', "application/json")))).toBe(400);
    expect(await refusal(readForm(post("--other\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx", "multipart/form-data; boundary=expected")))).toBe(400);
    expect(await refusal(readForm(post("intent=pay", "multipart/form-data")))).toBe(400);
    expect(await refusal(readForm(post("intent=pay")))).toBe(400);
  });

  it("reads invalid percent-encoding and invalid UTF-8 without failing", async () => {
    const form = await readForm(post(new Uint8Array([0x61, 0x3d, 0xff, 0x26, 0x62, 0x3d, 0x25, 0x45, 0x30]), "application/x-www-form-urlencoded"));
    expect(form.a).toBe("\uFFFD");
    expect(form.b).toBe("\uFFFD");
  });

  it("answers 400 to malformed JSON and reads well-formed JSON", async () => {
    expect(await refusal(readJson(post('{"intent": "add", ', "application/json")))).toBe(400);
    expect(await readJson(post('{"intent":"clear"}', "application/json"))).toEqual({ intent: "clear" });
  });

  it("answers 415 to a JSON body sent under another content type (another site's simple request)", async () => {
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", undefined]) {
      expect(await refusal(readJson(post('{"intent":"clear"}', contentType))), String(contentType)).toBe(415);
    }
    expect(await readJson(post('{"intent":"clear"}', "Application/JSON; charset=utf-8"))).toEqual({ intent: "clear" });
  });

  it("answers 413 to a body over the limit, declared or streamed", async () => {
    expect(await refusal(readForm(post("a=123456", "application/x-www-form-urlencoded", { "Content-Length": "8" }), { maxBytes: 4 }))).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("a=1234"));
        controller.enqueue(new TextEncoder().encode("5678"));
        controller.close();
      },
    });
    expect(await refusal(readForm(post(stream, "application/x-www-form-urlencoded"), { maxBytes: 8 }))).toBe(413);
  });
});
