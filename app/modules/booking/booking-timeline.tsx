import { CalendarClock, CreditCard, Mail, RotateCw, Webhook } from "~/components/ui/icons";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { useFormResult, type FormResult } from "~/utils/form-result";
import type { ActorKind } from "~/modules/lifecycle/order-status";
import { RedeliverButton } from "~/modules/webhooks/webhook-admin-list";
import { webhookEventLabel } from "~/modules/webhooks/webhook-events";
import { CsrfField } from "~/components/csrf-field";

/** Who made a change: the actor's kind, and for a customer or an admin their account. */
export type TimelineActor = { kind: ActorKind; email: string | null; name: string | null };

/** One entry of a booking's timeline (booking-timeline.server.ts builds them, oldest first). */
export type TimelineEntry =
  | {
      type: "change";
      id: string;
      at: Date;
      subject: "order" | "booking";
      field: "payment_status" | "order_status" | "status" | "schedule";
      from: string | null;
      to: string;
      reason: string;
      actor: TimelineActor;
    }
  | {
      type: "message";
      id: string;
      at: Date;
      kind: string;
      to: string;
      subject: string;
      transport: "smtp" | "outbox";
      /** Sent by a notification job whose payload can be queued again (not an account e-mail). */
      resendable: boolean;
      actor: TimelineActor;
    }
  | {
      type: "webhook";
      /** The last attempt's log row (a redelivery starts from it). */
      id: string;
      /** The first attempt. */
      at: Date;
      /** The last attempt, whose result the entry shows. */
      lastAt: Date;
      /** How many times this event was posted to this receiver (retries and redeliveries). */
      attempts: number;
      eventType: string;
      status: "success" | "failed";
      responseCode: number | null;
      error: string | null;
      webhookName: string | null;
      /** The envelope was kept and the webhook still exists. */
      redeliverable: boolean;
      actor: TimelineActor;
    };

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "Asia/Dubai" });

const actorKindLabels: Record<ActorKind, string> = {
  customer: "Customer",
  admin: "Admin",
  system: "System",
  payment: "Payment provider",
  lab: "Lab member",
};

/** "Admin · admin@labtesthub.ae (Sara)", "Customer · …", "System". */
export function actorLabel(actor: TimelineActor) {
  const kind = actorKindLabels[actor.kind];
  if (!actor.email) return kind;
  return `${kind} · ${actor.email}${actor.name && actor.name !== actor.email ? ` (${actor.name})` : ""}`;
}

const humanize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll("_", " ");

/** The headline of a lifecycle change. */
export function changeTitle(entry: Extract<TimelineEntry, { type: "change" }>) {
  if (entry.subject === "order") {
    if (entry.to === "paid") return "Paid";
    return `Payment ${entry.from ?? "none"} → ${entry.to}`;
  }
  if (entry.field === "schedule") return "Rescheduled";
  if (entry.from === null) return "Booking created";
  return `Status changed: ${entry.from} → ${entry.to}`;
}

function ResendButton({ messageId, token, subject }: { messageId: string; token: string; subject: string }) {
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher.data);
  return (
    <fetcher.Form method="post">
      <CsrfField />
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="messageId" value={messageId} />
      <input type="hidden" name="token" value={token} />
      <Button type="submit" variant="outline" size="sm" aria-label={`Resend "${subject}"`} disabled={fetcher.state !== "idle"}>
        <RotateCw aria-hidden /> Resend
      </Button>
    </fetcher.Form>
  );
}

function EntryIcon({ entry }: { entry: TimelineEntry }) {
  const Icon =
    entry.type === "message" ? Mail : entry.type === "webhook" ? Webhook : entry.subject === "order" ? CreditCard : CalendarClock;
  const failed = entry.type === "webhook" && entry.status === "failed";
  return (
    <span
      className={cn(
        "flex size-8 shrink-0 items-center justify-center rounded-full border bg-background",
        failed ? "border-destructive text-destructive" : "text-muted-foreground",
      )}
    >
      <Icon className="size-4" aria-hidden />
    </span>
  );
}

function EntryBody({ entry, token }: { entry: TimelineEntry; token: string }) {
  if (entry.type === "change") {
    return (
      <>
        <p className="font-medium">{changeTitle(entry)}</p>
        {entry.field === "schedule" ? (
          <p className="text-sm">
            {entry.from ?? "—"} → {entry.to}
          </p>
        ) : null}
      </>
    );
  }
  if (entry.type === "message") {
    return (
      <>
        <p className="font-medium">E-mail sent: {humanize(entry.kind)}</p>
        <p className="text-sm break-words">
          <Link to={`/admin/outbox/${entry.id}`} className="underline-offset-4 hover:underline">
            {entry.subject}
          </Link>
        </p>
        <p className="text-sm text-muted-foreground break-all">
          To {entry.to} · {entry.transport === "smtp" ? "SMTP" : "development outbox"}
        </p>
        {entry.resendable ? (
          <div className="mt-2">
            <ResendButton messageId={entry.id} token={token} subject={entry.subject} />
          </div>
        ) : null}
      </>
    );
  }
  return (
    <>
      <p className="font-medium">
        Webhook {webhookEventLabel(entry.eventType)}:{" "}
        <span className={entry.status === "success" ? "text-success" : "text-destructive"}>{entry.status}</span>
      </p>
      {entry.attempts > 1 ? (
        <p className="text-sm" data-testid="webhook-attempts">
          {entry.attempts} attempts · last result at <time dateTime={new Date(entry.lastAt).toISOString()}>{dateTime.format(new Date(entry.lastAt))}</time>
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground break-all">
        {entry.webhookName ?? "Deleted webhook"} · {entry.responseCode ?? "no response"}
        {entry.error ? ` · ${entry.error}` : ""}
      </p>
      {entry.redeliverable ? (
        <div className="mt-2">
          <RedeliverButton logId={entry.id} token={token} label={`Redeliver ${webhookEventLabel(entry.eventType)} of ${dateTime.format(new Date(entry.lastAt))}`} />
        </div>
      ) : null}
    </>
  );
}

/** A booking's timeline, oldest first: each entry with what happened, who and when, and its actions. */
export function BookingTimeline({ entries, token }: { entries: TimelineEntry[]; token: string }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>;
  return (
    <ol className="grid gap-4" aria-label="Timeline">
      {entries.map((entry) => (
        <li key={`${entry.type}-${entry.id}`} data-testid="timeline-entry" data-type={entry.type} className="flex gap-3">
          <EntryIcon entry={entry} />
          <div className="min-w-0 flex-1">
            <EntryBody entry={entry} token={token} />
            <p className="mt-1 text-xs text-muted-foreground">
              <time dateTime={new Date(entry.at).toISOString()}>{dateTime.format(new Date(entry.at))}</time> · {actorLabel(entry.actor)}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
