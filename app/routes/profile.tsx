import type { Route } from "./+types/profile";
import { requireUser } from "~/modules/accounts/guards.server";
import { ProfileForm } from "~/modules/accounts/profile-form";
import { getProfile } from "~/modules/accounts/profile.server";
import { ProfileSchema, updateProfile } from "~/modules/accounts/profile-update.server";
import { useFormResult } from "~/utils/form-result";
import { formFailure, invalidForm } from "~/utils/form-result.server";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { translatorFor } from "~/i18n/i18n";
import { languageOfRequest } from "~/i18n/i18n.server";
import { languageOfPath, localizePath } from "~/i18n/languages";
import { privatePageMeta } from "~/modules/seo/private-paths";
import { profileSectionAction } from "~/modules/accounts/profile-actions.server";
import { getBillingDetails, getSavedHomeAddress, listSavedPatients } from "~/modules/accounts/saved-patients.server";
import { BillingDetailsSection } from "~/modules/accounts/billing-details-section";
import { SavedPatientsSection } from "~/modules/accounts/saved-patients-section";
import { HomeAddressSection } from "~/modules/accounts/home-address-section";
import { sharedLabFilterOptions } from "~/modules/labs/lab-directory.server";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "account")("Edit Profile"));

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [profile, patients, homeAddress, filters, billing] = await Promise.all([
    getProfile(user.id),
    listSavedPatients(user.id),
    getSavedHomeAddress(user.id),
    sharedLabFilterOptions(),
    getBillingDetails(user.id),
  ]);
  return { profile, patients, homeAddress, areas: filters.areas, billing };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const section = await profileSectionAction(user.id, form);
  if (section) return section;
  const parsed = ProfileSchema.safeParse(form);
  if (!parsed.success) return invalidForm(parsed.error);
  try {
    await updateProfile(user.id, parsed.data);
  } catch (error) {
    // The form keeps what was typed; the spec's toast says it was not saved.
    logger.error({ err: error, userId: user.id }, "profile update failed");
    return formFailure(500, { toast: { type: "error", title: "Error updating profile", description: "Your changes were not saved. Please try again." } });
  }
  throw await redirectWithToast(localizePath("/dashboard", languageOfRequest(request)), { type: "success", title: "Profile updated" });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ProfileForm profile={loaderData.profile} errors={useFormResult(actionData)} />
      <div className="mx-auto grid max-w-xl gap-6 px-4 pb-10">
        <SavedPatientsSection patients={loaderData.patients} />
        <HomeAddressSection address={loaderData.homeAddress} areas={loaderData.areas} />
        <BillingDetailsSection billing={loaderData.billing} />
      </div>
    </>
  );
}
