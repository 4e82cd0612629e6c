import type { Route } from "./+types/webhooks";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { runWebhookAction } from "~/modules/webhooks/webhook-admin-action.server";
import { WebhookList, WebhookLogList } from "~/modules/webhooks/webhook-admin-list";
import { WebhookFormDialog } from "~/modules/webhooks/webhook-form-dialog";
import { listWebhookLogs, listWebhooks } from "~/modules/webhooks/webhook-settings.server";
import { readFormData } from "~/utils/request-body.server";
import { toastOnArrival } from "~/utils/form-result";

export const meta: Route.MetaFunction = () => [{ title: "Webhooks | Admin | LabTest Hub" }];

/** Of the logs fetched, the screen shows this many (spec). */
const LOGS_SHOWN = 10;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [webhooks, logs] = await Promise.all([listWebhooks(), listWebhookLogs()]);
  // A fresh token per page load: a double-click on Redeliver posts it twice and queues once.
  return { webhooks, logs: logs.slice(0, LOGS_SHOWN), token: crypto.randomUUID() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return runWebhookAction(await readFormData(request));
}
export const clientAction = toastOnArrival;

export default function AdminWebhooks({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <AdminHeader title="Webhooks" subtitle="Send booking events to other systems" action={<WebhookFormDialog />} />
      <WebhookList webhooks={loaderData.webhooks} />
      <WebhookLogList logs={loaderData.logs} token={loaderData.token} />
    </div>
  );
}
