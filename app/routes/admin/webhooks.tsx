import { Send } from "lucide-react";
import { data, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/webhooks";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useActionResult, type ActionResult } from "~/modules/admin/action-result";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { WebhookFormDialog } from "~/modules/admin/components/webhook-form-dialog";
import { webhookEventOptions, WebhookFormSchema } from "~/modules/admin/schemas";
import {
  createWebhook,
  deleteWebhook,
  listWebhookLogs,
  listWebhooks,
  sendTestWebhook,
  updateWebhook,
} from "~/modules/admin/webhooks.server";
import { webhookUrlProblem } from "~/modules/webhooks/public-address.server";
import { requireAdmin } from "~/utils/auth.server";
import { cn } from "~/utils/cn";
import { logger } from "~/utils/logger.server";
import { readFormData } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Webhooks | Admin | LabTest Hub" }];

/** Of the logs fetched, the screen shows this many (spec). */
const LOGS_SHOWN = 10;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [webhooks, logs] = await Promise.all([listWebhooks(), listWebhookLogs()]);
  return { webhooks, logs: logs.slice(0, LOGS_SHOWN) };
}

const ok = (title: string) => data<ActionResult>({ ok: true, toast: { title } });
const fail = (title: string, status: number, description?: string, fieldErrors?: Record<string, string[]>) =>
  data<ActionResult>({ ok: false, toast: { title, description }, fieldErrors }, { status });

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const id = z.uuid().safeParse(form.get("id"));
  try {
    if (intent === "delete") {
      if (!id.success || !(await deleteWebhook(id.data))) return fail("Failed to delete webhook", 404);
      return ok("Webhook deleted successfully");
    }
    if (intent === "test") {
      if (!id.success || !(await sendTestWebhook(id.data))) return fail("Failed to send test webhook", 404);
      return ok("Test webhook sent successfully");
    }
    const parsed = WebhookFormSchema.safeParse({ ...Object.fromEntries(form), events: form.getAll("events") });
    if (!parsed.success) {
      const fieldErrors = parsed.error.flatten().fieldErrors as Record<string, string[]>;
      const title = fieldErrors.headers?.includes("Invalid JSON format for headers")
        ? "Invalid JSON format for headers"
        : "Failed to save webhook";
      return fail(title, 400, undefined, fieldErrors);
    }
    const urlProblem = await webhookUrlProblem(parsed.data.url);
    if (urlProblem) return fail("Failed to save webhook", 400, urlProblem, { url: [urlProblem] });
    if (intent === "update") {
      if (!id.success || !(await updateWebhook(id.data, parsed.data))) return fail("Failed to save webhook", 404);
      return ok("Webhook updated successfully");
    }
    await createWebhook(parsed.data);
    return ok("Webhook created successfully");
  } catch (error) {
    logger.warn({ err: error, intent }, "webhook action failed");
    if (intent === "test") {
      return fail("Failed to send test webhook", 502, error instanceof Error ? error.message : undefined);
    }
    return fail(intent === "delete" ? "Failed to delete webhook" : "Failed to save webhook", 500);
  }
}

const dateTime = new Intl.DateTimeFormat("en-AE", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dubai" });

const eventLabel = (id: string) => webhookEventOptions.find((event) => event.id === id)?.label ?? id;

function TestButton({ id, name }: { id: string; name: string }) {
  const fetcher = useFetcher();
  useActionResult(fetcher);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="test" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="ghost" size="icon" aria-label={`Send a test event to ${name}`} disabled={fetcher.state !== "idle"}>
        <Send aria-hidden />
      </Button>
    </fetcher.Form>
  );
}

export default function AdminWebhooks({ loaderData }: Route.ComponentProps) {
  const { webhooks, logs } = loaderData;
  return (
    <div>
      <AdminHeader title="Webhooks" subtitle="Send booking events to other systems" action={<WebhookFormDialog />} />
      <ul className="mt-6 grid gap-3">
        {webhooks.map((webhook) => (
          <li key={webhook.id}>
            <Card>
              <CardContent className="flex flex-wrap items-start justify-between gap-4 p-4">
                <div className="min-w-0">
                  <div className="flex items-center gap-2">
                    <h2 className="font-semibold">{webhook.name}</h2>
                    <Badge variant={webhook.enabled ? "default" : "secondary"}>{webhook.enabled ? "Enabled" : "Disabled"}</Badge>
                  </div>
                  <p className="mt-1 break-all font-mono text-xs text-muted-foreground">{webhook.url}</p>
                  <p className="mt-2 text-sm">{webhook.events.length ? webhook.events.map(eventLabel).join(", ") : "No events"}</p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {webhook.lastTriggeredAt
                      ? `Last triggered ${dateTime.format(new Date(webhook.lastTriggeredAt))}`
                      : "Never triggered"}
                  </p>
                </div>
                <div className="flex gap-1">
                  <TestButton id={webhook.id} name={webhook.name} />
                  <WebhookFormDialog webhook={webhook} />
                  <ConfirmDeleteDialog id={webhook.id} label={`Delete ${webhook.name}`} message="Are you sure you want to delete this webhook?" />
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      {webhooks.length === 0 ? <p className="mt-6 text-center text-sm text-muted-foreground">No webhooks yet. Add one to send booking events.</p> : null}

      <Card className="mt-8">
        <CardHeader>
          <CardTitle>Recent Webhook Logs</CardTitle>
        </CardHeader>
        <CardContent>
          {logs.length === 0 ? (
            <p className="text-sm text-muted-foreground">No deliveries yet.</p>
          ) : (
            <ul className="grid gap-2">
              {logs.map((log) => (
                <li key={log.id} className="flex flex-wrap items-center gap-3 text-sm">
                  <span className={cn("font-medium", log.status === "success" ? "text-success" : "text-destructive")}>{log.status}</span>
                  <span>{eventLabel(log.eventType)}</span>
                  <span className="text-muted-foreground">{log.responseCode ?? "no response"}</span>
                  <span className="text-muted-foreground">{dateTime.format(new Date(log.createdAt))}</span>
                  {log.error ? <span className="break-all text-muted-foreground">{log.error}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
