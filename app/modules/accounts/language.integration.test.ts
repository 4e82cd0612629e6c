// The language of a customer's e-mails: taken from the page they signed up on, changed on the profile.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { profiles, user } from "~/db/schema";
import { submitAuthForm } from "~/modules/accounts/auth-form.server";
import { ProfileSchema, updateProfile } from "~/modules/accounts/profile-update.server";

const CLIENT = "198.51.100.30";
const authPost = (path: string) => new Request(`http://localhost:3999${path}`, { method: "POST" });

async function languageOf(email: string) {
  const [row] = await db.select({ language: profiles.language }).from(profiles).innerJoin(user, eq(user.id, profiles.id)).where(eq(user.email, email));
  return row?.language;
}

describe("the customer's language", () => {
  it("is Arabic for an account made on /ar/auth, which lands on the Arabic dashboard, and English otherwise", async () => {
    const arabic = (await submitAuthForm(authPost("/ar/auth"), CLIENT, { intent: "sign-up", email: "arabic@example.com", password: "long-enough-password" })) as Response;
    expect(arabic.status).toBe(302);
    expect(arabic.headers.get("Location")).toBe("/ar/dashboard");
    expect(await languageOf("arabic@example.com")).toBe("ar");

    const english = (await submitAuthForm(authPost("/auth"), CLIENT, { intent: "sign-up", email: "english@example.com", password: "long-enough-password" })) as Response;
    expect(english.headers.get("Location")).toBe("/dashboard");
    expect(await languageOf("english@example.com")).toBe("en");
  });

  it("is changed on the profile, kept when the form does not send it, and refused when unknown", async () => {
    await submitAuthForm(authPost("/auth"), CLIENT, { intent: "sign-up", email: "switcher@example.com", password: "long-enough-password" });
    const [{ id }] = await db.select({ id: user.id }).from(user).where(eq(user.email, "switcher@example.com"));
    await updateProfile(id, ProfileSchema.parse({ firstName: "Sara", lastName: "", phone: "", language: "ar" }));
    expect(await languageOf("switcher@example.com")).toBe("ar");
    await updateProfile(id, ProfileSchema.parse({ firstName: "Sara", lastName: "", phone: "" }));
    expect(await languageOf("switcher@example.com")).toBe("ar");
    expect(ProfileSchema.safeParse({ firstName: "", lastName: "", phone: "", language: "fr" }).success).toBe(false);
  });
});
