import { data, Link } from "react-router";
import { ArrowLeft, Paperclip } from "~/components/ui/icons";
import type { Route } from "./+types/outbox.message";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { routeUuid } from "~/modules/admin/admin-route.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { findSentMessage } from "~/modules/mail/outbox.server";

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.message.subject ?? "Message"} | Outbox | Admin | LabTest Hub` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const message = await findSentMessage(routeUuid(params.messageId, "Message not found"));
  if (!message) throw data("Message not found", { status: 404 });
  const { attachments, ...rest } = message;
  return { message: { ...rest, attachments: attachments.map(({ filename, contentType, content }) => ({ filename, contentType, size: content.length })) } };
}

const dateTime = new Intl.DateTimeFormat("en-AE", { dateStyle: "medium", timeStyle: "medium", timeZone: "Asia/Dubai" });

export default function AdminOutboxMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <div>
      <Link to="/admin/outbox" className="mb-4 inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden /> Outbox
      </Link>
      <AdminHeader title={message.subject} />
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">To</dt>
        <dd className="break-all" data-testid="message-to">
          {message.to}
        </dd>
        <dt className="text-muted-foreground">Sent</dt>
        <dd>{dateTime.format(new Date(message.createdAt))}</dd>
        <dt className="text-muted-foreground">Kind</dt>
        <dd data-testid="message-kind">{message.kind}</dd>
        <dt className="text-muted-foreground">Transport</dt>
        <dd>{message.transport === "outbox" ? "Development outbox (SMTP_URL is not set)" : "SMTP"}</dd>
        {message.bookingId ? (
          <>
            <dt className="text-muted-foreground">Booking</dt>
            <dd className="break-all">{message.bookingId}</dd>
          </>
        ) : null}
        {message.orderId ? (
          <>
            <dt className="text-muted-foreground">Order</dt>
            <dd className="break-all">{message.orderId}</dd>
          </>
        ) : null}
      </dl>

      {message.linksHidden ? (
        <p className="mt-6 rounded-md border p-4 text-sm text-muted-foreground" data-testid="links-hidden">
          The links of account messages (password reset, e-mail verification) are hidden in production: whoever opens one signs in as the
          recipient. The address each link led to is kept.
        </p>
      ) : null}
      {message.transport === "smtp" ? (
        <p className="mt-6 rounded-md border p-4 text-sm text-muted-foreground">Sent through SMTP: only who, what and when are kept, not the text.</p>
      ) : (
        <>
          {message.attachments.length > 0 ? (
            <section aria-labelledby="attachments-heading" className="mt-6">
              <h2 id="attachments-heading" className="text-lg font-semibold">
                Attachments
              </h2>
              <ul className="mt-2 grid gap-1">
                {message.attachments.map((attachment, index) => (
                  <li key={index}>
                    <a
                      href={`/admin/outbox/${message.id}/attachments/${index}`}
                      download={attachment.filename}
                      className="inline-flex items-center gap-2 text-sm text-primary underline-offset-4 hover:underline"
                    >
                      <Paperclip className="size-4" aria-hidden /> {attachment.filename}
                    </a>
                    <span className="ms-2 text-xs text-muted-foreground">
                      {attachment.contentType.split(";")[0]}, {attachment.size.toLocaleString("en-AE")} bytes
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {message.html ? (
            <section aria-labelledby="html-heading" className="mt-6">
              <h2 id="html-heading" className="text-lg font-semibold">
                HTML
              </h2>
              {/* sandbox="" : no scripts, forms or navigation from the message's HTML. */}
              <iframe title={`E-mail: ${message.subject}`} srcDoc={message.html} sandbox="" className="mt-2 h-[36rem] w-full rounded-md border bg-white" />
            </section>
          ) : null}
          <section aria-labelledby="text-heading" className="mt-6">
            <h2 id="text-heading" className="text-lg font-semibold">
              Plain text
            </h2>
            <pre data-testid="message-text" className="mt-2 overflow-x-auto rounded-md border bg-muted p-4 text-sm whitespace-pre-wrap">
              {message.text}
            </pre>
          </section>
        </>
      )}
    </div>
  );
}
