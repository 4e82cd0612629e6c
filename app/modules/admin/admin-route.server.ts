import { data } from "react-router";
import { z } from "zod";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { readQuery } from "~/utils/form-fields";
import { readForm } from "~/utils/request-body.server";

type Admin = Awaited<ReturnType<typeof requireAdmin>>;

/** A route loader of the back office: only an admin gets past it; the URL query, read with `schema`, goes to `load`. */
export function adminLoader<Schema extends z.ZodType, Data>(schema: Schema, load: (query: z.output<Schema>, admin: Admin) => Promise<Data>) {
  return async ({ request }: { request: Request }) => {
    const admin = await requireAdmin(request);
    return load(readQuery(request, schema), admin);
  };
}

/** A route action of the back office: only an admin gets past it; the posted form (and the admin) go to `handle`. */
export function adminFormAction<Answer>(handle: (form: Record<string, unknown>, admin: Admin) => Promise<Answer>) {
  return async ({ request }: { request: Request }) => {
    const admin = await requireAdmin(request);
    return handle(await readForm(request), admin);
  };
}

const RouteId = z.uuid();

/**
 * A back-office URL's id (:labId, :bookingId, :messageId, :postId) parsed as a uuid before any
 * query sees it: anything else answers 404 with `notFound`, as an unknown id does.
 */
export function routeUuid(value: string | undefined, notFound: string): string {
  const parsed = RouteId.safeParse(value);
  if (!parsed.success) throw data(notFound, { status: 404 });
  return parsed.data;
}
