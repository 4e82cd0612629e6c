import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount } from "~/db/factories.server";
import { mailOutbox } from "~/db/schema";
import { jobHandlers } from "../jobs/handlers.server";
import { runDueJobs } from "../jobs/jobs.server";
import { getAuth } from "./better-auth.server";
import { signIn } from "./sign-in.server";

const request = () => new Request("http://localhost:3999/auth/forgot-password");

describe("password reset by e-mail", () => {
  it("mails a reset link whose token sets a new password", async () => {
    await createAccount(db, { email: "forgetful@example.com", password: "old-password-1" });
    await getAuth().api.requestPasswordReset({
      body: { email: "forgetful@example.com", redirectTo: "/auth/reset-password" },
      headers: request().headers,
    });
    await runDueJobs(jobHandlers);
    const [mail] = await db.select().from(mailOutbox);
    expect(mail.to).toBe("forgetful@example.com");
    expect(mail.subject).toBe("Reset your LabTest Hub password");
    const link = mail.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toContain("/api/auth/reset-password/");
    const token = new URL(link!).pathname.split("/").pop()!;

    await getAuth().api.resetPassword({ body: { token, newPassword: "new-password-2" } });
    expect(await signIn(request(), "forgetful@example.com", "old-password-1")).toMatchObject({ ok: false });
    expect(await signIn(request(), "forgetful@example.com", "new-password-2")).toMatchObject({ ok: true });
  });

  it("a used or forged token changes nothing", async () => {
    await createAccount(db, { email: "safe@example.com", password: "old-password-1" });
    await expect(
      getAuth().api.resetPassword({ body: { token: "forged-token", newPassword: "new-password-2" } }),
    ).rejects.toThrow();
    expect(await signIn(request(), "safe@example.com", "old-password-1")).toMatchObject({ ok: true });
  });
});
