import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount } from "~/seed/factories.server";
import { sentMessages, user } from "~/db/schema";
import { jobHandlers } from "~/job-handlers.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { handleAuthRequest } from "~/modules/accounts/auth-endpoints.server";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";

const ORIGIN = "http://localhost:3999";
const CLIENT = "198.51.100.20";

const post = (path: string, body: unknown) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: JSON.stringify(body),
  });

describe("better-auth's HTTP endpoints", () => {
  it("answer 404 for everything the app does not link to", async () => {
    const requests = [
      post("/api/auth/sign-up/email", { email: "sneaky@example.com", password: "a-long-password-1", name: "x" }),
      post("/api/auth/request-password-reset", { email: "sneaky@example.com", redirectTo: "/auth/reset-password" }),
      post("/api/auth/reset-password", { token: "t", newPassword: "a-long-password-1" }),
      post("/api/auth/change-password", { currentPassword: "x", newPassword: "a-long-password-1" }),
      post("/api/auth/verify-email", {}),
      new Request(`${ORIGIN}/api/auth/get-session`),
      new Request(`${ORIGIN}/api/auth/ok`),
    ];
    for (const request of requests) {
      expect((await handleAuthRequest(request, CLIENT)).status, request.url).toBe(404);
    }
    expect(await db.select().from(user).where(eq(user.email, "sneaky@example.com"))).toHaveLength(0);
    await runDueJobs(jobHandlers);
    expect(await db.select().from(sentMessages)).toHaveLength(0);
  });

  it("still open the reset link from the e-mail on the page that chooses a new password", async () => {
    await createAccount(db, { email: "forgetful@example.com" });
    await requestPasswordReset(new Request(`${ORIGIN}/auth/forgot-password`), CLIENT, "forgetful@example.com");
    await runDueJobs(jobHandlers);
    const [mail] = await db.select().from(sentMessages);
    const link = mail.text!.match(/https?:\/\/\S+/)![0];
    const token = new URL(link).pathname.split("/").pop();

    const response = await handleAuthRequest(new Request(link), CLIENT);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${ORIGIN}/auth/reset-password?token=${token}`);
  });
});
