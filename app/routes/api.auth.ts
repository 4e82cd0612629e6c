import type { Route } from "./+types/api.auth";
import { handleAuthRequest } from "~/modules/accounts/auth-endpoints.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return handleAuthRequest(request, context.clientAddress);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleAuthRequest(request, context.clientAddress);
}
