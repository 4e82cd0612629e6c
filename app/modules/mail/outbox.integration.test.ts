import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { sentMessages } from "~/db/schema";
import { findSentMessage } from "~/modules/mail/outbox.server";
import { parseEnv } from "~/utils/env.server";

const production = parseEnv({ NODE_ENV: "production", SITE_URL: "https://labtesthub.ae" });
const development = parseEnv({ NODE_ENV: "development" });

const RESET_LINK = "https://labtesthub.ae/api/auth/reset-password/Xq3vT9kLmN2pR7sW?callbackURL=%2Fauth%2Freset-password";
const VERIFY_LINK = "https://labtesthub.ae/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6Im5vdXJhQGV4YW1wbGUuY29tIn0.c2lnbmF0dXJl&callbackURL=%2F";

async function delivered(kind: string, text: string, html: string | null = null) {
  const [row] = await db.insert(sentMessages).values({ kind, to: "noura@example.com", subject: "A message", transport: "outbox", text, html }).returning();
  return row.id;
}

describe("the outbox's account messages", () => {
  it("show their links redacted in production: text and HTML keep the site's address, never the token", async () => {
    const reset = await delivered("account", `Open this link within one hour:\n\n${RESET_LINK}\n\nIf it was not you, ignore this e-mail.`, `<p><a href="${RESET_LINK}">${RESET_LINK}</a></p>`);
    const verify = await delivered("account", `Please confirm your e-mail address by opening this link:\n\n${VERIFY_LINK}\n`);
    const shown = await findSentMessage(reset, production);
    expect(shown?.text).toBe("Open this link within one hour:\n\nhttps://labtesthub.ae/[link hidden]\n\nIf it was not you, ignore this e-mail.");
    expect(shown?.html).toBe('<p><a href="https://labtesthub.ae/[link hidden]">https://labtesthub.ae/[link hidden]</a></p>');
    const verification = await findSentMessage(verify, production);
    expect(verification?.text).not.toContain("token");
    expect(verification?.text).toContain("https://labtesthub.ae/[link hidden]");
  });

  it("keep their links in development, and other messages keep theirs everywhere", async () => {
    const reset = await delivered("account", `Open this link:\n\n${RESET_LINK}\n`);
    expect((await findSentMessage(reset, development))?.text).toContain(RESET_LINK);
    const booking = await delivered("booking_confirmed", "Your booking: https://labtesthub.ae/dashboard", '<a href="https://labtesthub.ae/dashboard">Dashboard</a>');
    expect(await findSentMessage(booking, production)).toMatchObject({
      text: "Your booking: https://labtesthub.ae/dashboard",
      html: '<a href="https://labtesthub.ae/dashboard">Dashboard</a>',
    });
  });
});
