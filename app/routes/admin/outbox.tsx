import { Form, Link } from "react-router";
import type { Route } from "./+types/outbox";
import { Pagination } from "~/components/pagination";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { adminLoader } from "~/modules/admin/admin-route.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminTable } from "~/modules/admin/components/admin-table";
import { listSentMessages, OutboxQuerySchema } from "~/modules/mail/outbox.server";

export const meta: Route.MetaFunction = () => [{ title: "Outbox | Admin | LabTest Hub" }];

export const loader = adminLoader(OutboxQuerySchema, async (query) => ({ ...(await listSentMessages(query)), query }));

const dateTime = new Intl.DateTimeFormat("en-AE", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dubai" });

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, pages, total, query } = loaderData;
  const href = (page: number) => `?${new URLSearchParams({ ...(query.to ? { to: query.to } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;
  return (
    <div>
      <AdminHeader
        title="Outbox"
        subtitle="Every e-mail the site has sent, newest first. Without SMTP_URL messages stay here (the development outbox) with their text, HTML and attachments."
      />
      <Form method="get" role="search" aria-label="Filter messages" className="mt-6 flex max-w-xl flex-wrap items-end gap-2">
        <div className="grid min-w-60 flex-1 gap-1">
          <label htmlFor="outbox-to" className="text-sm font-medium">
            Recipient
          </label>
          <Input id="outbox-to" name="to" type="search" inputMode="email" placeholder="someone@example.com" defaultValue={query.to} />
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
        {query.to ? (
          <Button asChild variant="ghost">
            <Link to="/admin/outbox">Show all</Link>
          </Button>
        ) : null}
      </Form>
      <p className="mt-4 text-sm text-muted-foreground" role="status">
        {total === 1 ? "1 message" : `${total} messages`}
        {query.to ? ` to ${query.to}` : ""}
      </p>
      <AdminTable
        className="mt-2"
        rows={messages}
        label="Messages"
        empty={query.to ? "No messages to this recipient." : "No messages yet."}
        columns={[
          { header: "Sent", cell: (message) => <span className="whitespace-nowrap">{dateTime.format(new Date(message.createdAt))}</span> },
          { header: "Kind", cell: (message) => <Badge variant="secondary">{message.kind.replaceAll("_", " ")}</Badge> },
          { header: "To", cell: (message) => <span className="break-all">{message.to}</span> },
          {
            header: "Subject",
            cell: (message) => (
              <Link to={`/admin/outbox/${message.id}`} data-kind={message.kind} className="font-medium text-primary underline-offset-4 hover:underline">
                {message.subject}
              </Link>
            ),
          },
          {
            header: "Transport",
            cell: (message) => (
              <span className="whitespace-nowrap">
                {message.transport === "outbox" ? "Outbox" : "SMTP"}
                {message.attachments > 0 ? ` · ${message.attachments} attachment${message.attachments === 1 ? "" : "s"}` : ""}
              </span>
            ),
          },
        ]}
      />
      <Pagination page={query.page} pageCount={pages} hrefFor={href} />
    </div>
  );
}
