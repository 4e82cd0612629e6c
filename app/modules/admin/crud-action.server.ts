import type { z } from "zod";
import { adminFormAction } from "~/modules/admin/admin-route.server";
import { IdSchema } from "~/modules/admin/schemas";
import { formFailure, formSuccess, invalidForm } from "~/utils/form-result.server";
import { logger } from "~/utils/logger.server";
import type { Actor } from "~/modules/lifecycle/order-status";

/** The route action of an admin list whose forms create, update and delete one kind of row. */
export function crudAction<Schema extends z.ZodType>(crud: Crud<Schema>) {
  return adminFormAction((form, admin) => runCrudAction(form, crud, { kind: "admin", id: admin.id }));
}

export type Crud<Schema extends z.ZodType> = {
  /** The entity's name in messages: "category" gives "Category created" and "Error creating category". */
  entity: string;
  schema: Schema;
  /** Each write learns who makes it (an entity that keeps a history records it). */
  create: (input: z.output<Schema>, actor: Actor) => Promise<unknown>;
  update: (id: string, input: z.output<Schema>, actor: Actor) => Promise<unknown | null>;
  remove: (id: string, actor: Actor) => Promise<unknown | null>;
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

/**
 * Runs the create / update / delete intent of a form post (an admin list's, or a lab's own offers
 * in the partner portal) and answers a `FormResult` with a toast. `actor` made the change.
 */
export async function runCrudAction<Schema extends z.ZodType>(form: Record<string, unknown>, crud: Crud<Schema>, actor: Actor = { kind: "system" }) {
  const intent = form.intent === "update" || form.intent === "delete" ? form.intent : "create";
  const verb = { create: "creating", update: "updating", delete: "deleting" }[intent];
  const done = { create: "created", update: "updated", delete: "deleted" }[intent];
  const errorTitle = `Error ${verb} ${crud.entity}`;
  const fail = (status: number, description?: string) =>
    formFailure(status, { toast: { title: errorTitle, ...(description ? { description } : {}) } });

  const id = IdSchema.safeParse(form);
  if (intent !== "create" && !id.success) return fail(400);

  let input: z.output<Schema> | undefined;
  if (intent !== "delete") {
    // Async, so a schema may check the database (e.g. that a chosen category exists).
    const parsed = await crud.schema.safeParseAsync(form);
    if (!parsed.success) return invalidForm(parsed.error as z.ZodError, errorTitle);
    input = parsed.data;
  }

  try {
    const result =
      intent === "create"
        ? await crud.create(input!, actor)
        : intent === "update"
          ? await crud.update(id.data!.id, input!, actor)
          : await crud.remove(id.data!.id, actor);
    if (!result) return fail(404, `This ${crud.entity} no longer exists.`);
  } catch (error) {
    if (isUniqueViolation(error) && crud.duplicateMessage) {
      return fail(409, crud.duplicateMessage);
    }
    logger.error({ err: error, entity: crud.entity, intent }, "admin change failed");
    return fail(500);
  }
  const description = intent === "delete" ? undefined : crud.successDescription?.(intent, input!);
  return formSuccess({ title: `${capitalize(crud.entity)} ${done}`, ...(description ? { description } : {}) });
}
