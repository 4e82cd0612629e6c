import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";
import type { Toast } from "~/utils/form-result";
import { getSecret } from "~/utils/secret.server";
import { secureCookies } from "~/utils/site-url.server";

/** Checks the cookie's toast: the one `Toast` type, with the type filled in. */
const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
}) satisfies z.ZodType<Toast, Toast>;

type ToastFlash = { toast: z.infer<typeof ToastSchema> };

let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, ToastFlash>> | undefined;

function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, ToastFlash>({
    cookie: {
      name: "toast",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secrets: [getSecret()],
    },
  });
  return storage;
}

/** A Set-Cookie header carrying one toast to the next page the browser shows. */
export async function toastCookie(toast: Toast) {
  const session = await toastStorage().getSession();
  session.flash("toast", ToastSchema.parse(toast));
  return toastStorage().commitSession(session, { secure: secureCookies() });
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the toast of this request; returns the header that clears it. */
export async function readToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(session.get("toast"));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success ? { "Set-Cookie": await toastStorage().destroySession(session, { secure: secureCookies() }) } : undefined,
  };
}
