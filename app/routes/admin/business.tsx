import type { Route } from "./+types/business";
import { adminFormAction, adminLoader } from "~/modules/admin/admin-route.server";
import { BusinessSettingsForm } from "~/modules/invoices/components/business-settings-form";
import { businessSettingsPage, runBusinessSettingsAction } from "~/modules/invoices/invoices-admin.server";
import { toastOnArrival } from "~/utils/form-result";
import { z } from "zod";

export const meta: Route.MetaFunction = () => [{ title: "Business settings | Admin | LabTest Hub" }];

export const loader = adminLoader(z.object({}), businessSettingsPage);
export const action = adminFormAction(runBusinessSettingsAction);
export const clientAction = toastOnArrival;

export default function AdminBusiness({ loaderData }: Route.ComponentProps) {
  return <BusinessSettingsForm settings={loaderData.settings} />;
}
