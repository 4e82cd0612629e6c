import { z } from "zod";
import { checkbox, isHttpUrl, requiredText } from "~/utils/form-fields";
import { text } from "~/utils/text-schema";
import { webhookEvents } from "~/modules/webhooks/webhook-events";

const HeadersSchema = z.record(text().regex(/^[A-Za-z0-9-]+$/, "Invalid header name"), text().max(2000));

/** The admin's Add/Edit Webhook form (browser and server). */
export const WebhookFormSchema = z.object({
  name: requiredText("Name is required", 120),
  url: requiredText("URL is required", 2000).refine(isHttpUrl, "Please enter a valid URL"),
  enabled: checkbox(),
  events: z.array(z.enum(webhookEvents)).default([]),
  headers: text()
    .optional()
    .transform((text, context) => {
      if (!text?.trim()) return {};
      try {
        const parsed = HeadersSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // reported below
      }
      context.addIssue({ code: "custom", message: "Invalid JSON format for headers" });
      return z.NEVER;
    }),
  secretKey: text().trim().max(500).optional().transform((value) => value || null),
});
export type WebhookInput = z.output<typeof WebhookFormSchema>;
