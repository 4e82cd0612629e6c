import { RotateCw, Send } from "~/components/ui/icons";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/utils/cn";
import { useFormResult, type FormResult } from "~/utils/form-result";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { webhookEventLabel } from "~/modules/webhooks/webhook-events";
import { WebhookFormDialog, type Webhook } from "~/modules/webhooks/webhook-form-dialog";
import { CsrfField } from "~/components/csrf-field";

const dateTime = new Intl.DateTimeFormat("en-AE", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dubai" });

type WebhookRow = Webhook & { lastTriggeredAt: string | Date | null };

type LogRow = {
  id: string;
  status: string;
  eventType: string;
  responseCode: number | null;
  error: string | null;
  createdAt: string | Date;
  redeliverable: boolean;
};

/**
 * Redeliver: posts the logged envelope again (intent redeliver to the page's action). `token`
 * comes from the page's loader, so a double-click queues one delivery.
 */
export function RedeliverButton({ logId, token, label }: { logId: string; token: string; label: string }) {
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher.data);
  return (
    <fetcher.Form method="post">
      <CsrfField />
      <input type="hidden" name="intent" value="redeliver" />
      <input type="hidden" name="logId" value={logId} />
      <input type="hidden" name="token" value={token} />
      <Button type="submit" variant="outline" size="sm" aria-label={label} disabled={fetcher.state !== "idle"}>
        <RotateCw aria-hidden /> Redeliver
      </Button>
    </fetcher.Form>
  );
}

function TestButton({ id, name }: { id: string; name: string }) {
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher.data);
  return (
    <fetcher.Form method="post">
      <CsrfField />
      <input type="hidden" name="intent" value="test" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="ghost" size="icon" aria-label={`Send a test event to ${name}`} disabled={fetcher.state !== "idle"}>
        <Send aria-hidden />
      </Button>
    </fetcher.Form>
  );
}

/** The admin's webhooks, each with its badge, events, last delivery and test/edit/delete buttons. */
export function WebhookList({ webhooks }: { webhooks: WebhookRow[] }) {
  if (webhooks.length === 0) {
    return <p className="mt-6 text-center text-sm text-muted-foreground">No webhooks yet. Add one to send booking events.</p>;
  }
  return (
    <ul className="mt-6 grid gap-3">
      {webhooks.map((webhook) => (
        <li key={webhook.id}>
          <Card>
            <div className="flex flex-wrap items-start justify-between gap-4 p-4">
              <div className="min-w-0">
                <div className="flex items-center gap-2">
                  <h2 className="font-semibold">{webhook.name}</h2>
                  <Badge variant={webhook.enabled ? "default" : "secondary"}>{webhook.enabled ? "Enabled" : "Disabled"}</Badge>
                </div>
                <p className="mt-1 break-all font-mono text-xs text-muted-foreground">{webhook.url}</p>
                <p className="mt-2 text-sm">{webhook.events.length ? webhook.events.map(webhookEventLabel).join(", ") : "No events"}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {webhook.lastTriggeredAt ? `Last triggered ${dateTime.format(new Date(webhook.lastTriggeredAt))}` : "Never triggered"}
                </p>
              </div>
              <div className="flex gap-1">
                <TestButton id={webhook.id} name={webhook.name} />
                <WebhookFormDialog webhook={webhook} />
                <ConfirmDeleteDialog id={webhook.id} label={`Delete ${webhook.name}`} message="Are you sure you want to delete this webhook?" />
              </div>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Recent Webhook Logs: status, event, response code and time of each delivery attempt, and Redeliver. */
export function WebhookLogList({ logs, token }: { logs: LogRow[]; token: string }) {
  return (
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
                <span>{webhookEventLabel(log.eventType)}</span>
                <span className="text-muted-foreground">{log.responseCode ?? "no response"}</span>
                <span className="text-muted-foreground">{dateTime.format(new Date(log.createdAt))}</span>
                {log.error ? <span className="break-all text-muted-foreground">{log.error}</span> : null}
                {log.redeliverable ? (
                  <RedeliverButton
                    logId={log.id}
                    token={token}
                    label={`Redeliver ${webhookEventLabel(log.eventType)} of ${dateTime.format(new Date(log.createdAt))}`}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
