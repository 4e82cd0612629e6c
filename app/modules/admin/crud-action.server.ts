import { data } from "react-router";
import type { z } from "zod";
import { logger } from "~/utils/logger.server";
import type { ActionResult } from "~/modules/admin/action-result";
import { IdSchema } from "~/modules/admin/schemas";

type Crud<Schema extends z.ZodType> = {
  /** The entity's name in messages: "category" gives "Category created" and "Error creating category". */
  entity: string;
  schema: Schema;
  create: (input: z.output<Schema>) => Promise<unknown>;
  update: (id: string, input: z.output<Schema>) => Promise<unknown | null>;
  remove: (id: string) => Promise<unknown | null>;
  /** Explains a unique-constraint clash to the admin. */
  duplicateMessage?: string;
  /** The success toast's description after a create or update, e.g. "{name} has been added successfully." */
  successDescription?: (intent: "create" | "update", input: z.output<Schema>) => string;
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function isUniqueViolation(error: unknown) {
  const code = (error as { code?: string; cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  return code === "23505";
}

/** Runs the create / update / delete intent of an admin form post and answers with a toast. */
export async function runCrudAction<Schema extends z.ZodType>(form: Record<string, unknown>, crud: Crud<Schema>) {
  const intent = form.intent === "update" || form.intent === "delete" ? form.intent : "create";
  const verb = { create: "creating", update: "updating", delete: "deleting" }[intent];
  const done = { create: "created", update: "updated", delete: "deleted" }[intent];
  const errorTitle = `Error ${verb} ${crud.entity}`;
  const fail = (status: number, extra: Omit<Extract<ActionResult, { ok: false }>, "ok"> = {}) =>
    data<ActionResult>({ ok: false, toast: { title: errorTitle }, ...extra }, { status });

  const id = IdSchema.safeParse(form);
  if (intent !== "create" && !id.success) return fail(400);

  let input: z.output<Schema> | undefined;
  if (intent !== "delete") {
    // Async, so a schema may check the database (e.g. that a chosen category exists).
    const parsed = await crud.schema.safeParseAsync(form);
    if (!parsed.success) {
      const fieldErrors = (parsed.error as z.ZodError).flatten().fieldErrors as Record<string, string[]>;
      return fail(400, { fieldErrors, toast: { title: errorTitle, description: Object.values(fieldErrors)[0]?.[0] } });
    }
    input = parsed.data;
  }

  try {
    const result =
      intent === "create"
        ? await crud.create(input!)
        : intent === "update"
          ? await crud.update(id.data!.id, input!)
          : await crud.remove(id.data!.id);
    if (!result) return fail(404, { toast: { title: errorTitle, description: `This ${crud.entity} no longer exists.` } });
  } catch (error) {
    if (isUniqueViolation(error) && crud.duplicateMessage) {
      return fail(409, { toast: { title: errorTitle, description: crud.duplicateMessage } });
    }
    logger.error({ err: error, entity: crud.entity, intent }, "admin change failed");
    return fail(500);
  }
  const description = intent === "delete" ? undefined : crud.successDescription?.(intent, input!);
  return data<ActionResult>({
    ok: true,
    toast: { title: `${capitalize(crud.entity)} ${done}`, ...(description ? { description } : {}) },
  });
}
