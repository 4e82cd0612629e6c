import { data } from "react-router";
import type { Route } from "./+types/outbox.attachment";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { routeUuid } from "~/modules/admin/admin-route.server";
import { findAttachment } from "~/modules/mail/outbox.server";

/** GET /admin/outbox/:messageId/attachments/:index: the file as it was attached (admins only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const attachment = await findAttachment(routeUuid(params.messageId, "Attachment not found"), params.index);
  if (!attachment) throw data("Attachment not found", { status: 404 });
  const filename = attachment.filename.replace(/[^\w.-]+/g, "_");
  const body = attachment.encoding === "base64" ? new Uint8Array(Buffer.from(attachment.content, "base64")) : attachment.content;
  return new Response(body, {
    headers: {
      "Content-Type": attachment.contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
