import type { Route } from "./+types/api.auth";
import { getAuth } from "~/modules/accounts/better-auth.server";

// better-auth's own endpoints: e-mail verification links, password reset links and the like.
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
