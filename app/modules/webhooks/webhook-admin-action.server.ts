import { z } from "zod";
import { logger } from "~/utils/logger.server";
import { fieldErrorsOf, formFailure, formSuccess } from "~/utils/form-result.server";
import type { FieldErrors } from "~/utils/form-result";
import { webhookUrlProblem } from "~/modules/webhooks/public-address.server";
import { WebhookFormSchema } from "~/modules/webhooks/webhook-form-schema";
import { createWebhook, deleteWebhook, sendTestWebhook, updateWebhook } from "~/modules/webhooks/webhook-settings.server";
import { REDELIVER_REFUSALS, redeliverWebhook } from "~/modules/webhooks/redeliver-webhook.server";

const fail = (title: string, status: number, description?: string, fieldErrors?: FieldErrors) =>
  formFailure(status, { toast: { title, ...(description ? { description } : {}) }, ...(fieldErrors ? { fieldErrors } : {}) });

const HEADERS_MESSAGE = "Invalid JSON format for headers";

const RedeliverSchema = z.object({ logId: z.uuid(), token: z.uuid() });

/**
 * Redeliver (from the webhook logs or a booking's timeline): queues the logged envelope again.
 * The form's token makes a double-click queue one delivery.
 */
export async function runRedeliverAction(form: FormData | Record<string, unknown>) {
  const parsed = RedeliverSchema.safeParse(form instanceof FormData ? Object.fromEntries(form) : form);
  if (!parsed.success) return fail("Failed to redeliver webhook", 400, "Unknown delivery.");
  const outcome = await redeliverWebhook(parsed.data.logId, parsed.data.token);
  if (outcome !== "queued") return fail("Failed to redeliver webhook", outcome === "not-found" ? 404 : 409, REDELIVER_REFUSALS[outcome]);
  return formSuccess({ title: "Redelivery queued", description: "The event will be sent again in a moment." });
}

/** The /admin/webhooks form post (create, update, delete, test, redeliver), answered as a FormResult with the spec's toasts. */
export async function runWebhookAction(form: FormData) {
  const intent = form.get("intent");
  const id = z.uuid().safeParse(form.get("id"));
  try {
    if (intent === "delete") {
      if (!id.success || !(await deleteWebhook(id.data))) return fail("Failed to delete webhook", 404);
      return formSuccess({ title: "Webhook deleted successfully" });
    }
    if (intent === "redeliver") return await runRedeliverAction(form);
    if (intent === "test") {
      if (!id.success || !(await sendTestWebhook(id.data))) return fail("Failed to send test webhook", 404);
      return formSuccess({ title: "Test webhook sent successfully" });
    }
    const parsed = WebhookFormSchema.safeParse({ ...Object.fromEntries(form), events: form.getAll("events") });
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      const title = fieldErrors.headers?.includes(HEADERS_MESSAGE) ? HEADERS_MESSAGE : "Failed to save webhook";
      return fail(title, 400, undefined, fieldErrors);
    }
    const urlProblem = await webhookUrlProblem(parsed.data.url);
    if (urlProblem) return fail("Failed to save webhook", 400, urlProblem, { url: [urlProblem] });
    if (intent === "update") {
      if (!id.success || !(await updateWebhook(id.data, parsed.data))) return fail("Failed to save webhook", 404);
      return formSuccess({ title: "Webhook updated successfully" });
    }
    await createWebhook(parsed.data);
    return formSuccess({ title: "Webhook created successfully" });
  } catch (error) {
    logger.warn({ err: error, intent }, "webhook action failed");
    if (intent === "test") {
      return fail("Failed to send test webhook", 502, error instanceof Error ? error.message : undefined);
    }
    if (intent === "redeliver") return fail("Failed to redeliver webhook", 500);
    return fail(intent === "delete" ? "Failed to delete webhook" : "Failed to save webhook", 500);
  }
}
