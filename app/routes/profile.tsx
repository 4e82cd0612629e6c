import type { Route } from "./+types/profile";
import { requireUser } from "~/modules/accounts/guards.server";
import { ProfileForm } from "~/modules/accounts/profile-form";
import { getProfile } from "~/modules/accounts/profile.server";
import { ProfileSchema, updateProfile } from "~/modules/accounts/profile-update.server";
import { useFormResult } from "~/utils/form-result";
import { invalidForm } from "~/utils/form-result.server";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { translatorFor } from "~/i18n/i18n";
import { languageOfRequest } from "~/i18n/i18n.server";
import { languageOfPath, localizePath } from "~/i18n/languages";
import { privatePageMeta } from "~/modules/seo/private-paths";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "account")("Edit Profile"));

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { profile: await getProfile(user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = ProfileSchema.safeParse(await readForm(request));
  if (!parsed.success) return invalidForm(parsed.error);
  await updateProfile(user.id, parsed.data);
  throw await redirectWithToast(localizePath("/dashboard", languageOfRequest(request)), { type: "success", title: "Profile updated" });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileForm profile={loaderData.profile} errors={useFormResult(actionData)} />;
}
