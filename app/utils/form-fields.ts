import { z } from "zod";
import { text } from "~/utils/text-schema";

/** The fields the admin forms share, each written once. Without `tooLong`, Zod's own message says a text is too long. */

const tooLongMessage = (max: number, tooLong?: boolean) => (tooLong ? `Must be at most ${max} characters` : undefined);

/** A required text: `message` when it is missing or blank. */
export const requiredText = (message: string, max: number, tooLong?: boolean) =>
  text({ error: message }).trim().min(1, message).max(max, tooLongMessage(max, tooLong));

/** An optional text; blank becomes null. */
export const optionalText = (max: number, tooLong?: boolean) =>
  text()
    .trim()
    .max(max, tooLongMessage(max, tooLong))
    .optional()
    .transform((value) => value || null);

/** Whether a text is an http(s) address. */
export const isHttpUrl = (value: string) => z.url({ protocol: /^https?$/ }).safeParse(value).success;

/** An optional http(s) address; blank becomes null. */
export const optionalUrl = (tooLong?: boolean) =>
  text()
    .trim()
    .max(2000, tooLongMessage(2000, tooLong))
    .optional()
    .refine((value) => !value || isHttpUrl(value), "Please enter a valid URL")
    .transform((value) => value || null);

/** An optional e-mail address; blank becomes null. */
export const optionalEmail = () =>
  text()
    .trim()
    .max(254)
    .optional()
    .refine((value) => !value || z.email().safeParse(value).success, "Please enter a valid email address")
    .transform((value) => value || null);

/** A checkbox: "on" (the browser's default value) or "true" is ticked; absent or "false" is not. */
export const checkbox = () =>
  z
    .enum(["on", "true", "false"])
    .optional()
    .transform((value) => value === "on" || value === "true");

/** A list's ?page= (anything unexpected is the first page). */
export const pageNumber = () => z.coerce.number().int().min(1).max(100_000).catch(1);

/** A list's ?q= search text (anything unexpected is no search). */
export const searchText = () => text().trim().max(200).catch("");

/** A request's URL query read through a schema (whose fields fall back to defaults with `.catch`). */
export function readQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.output<Schema> {
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams));
}
