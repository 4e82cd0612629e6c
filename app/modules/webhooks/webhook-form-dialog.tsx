import { Pencil, Plus } from "~/components/ui/icons";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useFormResult, type FormResult } from "~/utils/form-result";
import { webhookEventOptions, type WebhookEvent } from "~/modules/webhooks/webhook-events";
import { CsrfField } from "~/components/csrf-field";

export type Webhook = {
  id: string;
  name: string;
  url: string;
  enabled: boolean;
  events: WebhookEvent[];
  headers: Record<string, string>;
  secretKey: string | null;
};

export function WebhookFormDialog({ webhook }: { webhook?: Webhook }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<FormResult>();
  const errors = useFormResult(fetcher.data, () => setOpen(false));
  const prefix = webhook ? `webhook-${webhook.id}` : "webhook-new";
  const input = (name: "name" | "url" | "secretKey", label: string, type = "text") => (
    <Field id={`${prefix}-${name}`} label={label} error={errors[name]}>
      <Input
        id={`${prefix}-${name}`}
        name={name}
        type={type}
        defaultValue={webhook?.[name] ?? ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${prefix}-${name}-error` : undefined}
      />
    </Field>
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {webhook ? (
          <Button variant="ghost" size="icon" aria-label={`Edit ${webhook.name}`}>
            <Pencil aria-hidden />
          </Button>
        ) : (
          <Button>
            <Plus aria-hidden /> Add Webhook
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{webhook ? "Edit Webhook" : "Add Webhook"}</DialogTitle>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value={webhook ? "update" : "create"} />
          {webhook ? <input type="hidden" name="id" value={webhook.id} /> : null}
          {input("name", "Name")}
          {input("url", "URL", "url")}
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Events</legend>
            {webhookEventOptions.map((event) => (
              <label key={event.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="events"
                  value={event.id}
                  defaultChecked={webhook ? webhook.events.includes(event.id) : event.id === "booking_created"}
                  className="size-4 accent-primary"
                />
                {event.label}
              </label>
            ))}
          </fieldset>
          <Field id={`${prefix}-headers`} label="Headers (JSON)" error={errors.headers} hint='For example {"Authorization": "Bearer ..."}'>
            <Textarea
              id={`${prefix}-headers`}
              name="headers"
              className="font-mono"
              defaultValue={webhook ? JSON.stringify(webhook.headers, null, 2) : "{}"}
              aria-invalid={errors.headers ? true : undefined}
              aria-describedby={errors.headers ? `${prefix}-headers-error` : `${prefix}-headers-hint`}
            />
          </Field>
          {input("secretKey", "Secret key (optional)", "password")}
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="hidden" name="enabled" value="false" />
            <input type="checkbox" name="enabled" value="true" defaultChecked={webhook?.enabled ?? true} className="size-4 accent-primary" />
            Enabled
          </label>
          <DialogFooter>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {webhook ? "Update Webhook" : "Create Webhook"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
