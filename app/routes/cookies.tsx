import type { Route } from "./+types/cookies";
import { CookiesPage } from "~/modules/content/cookies-page";

export const meta: Route.MetaFunction = () => [{ title: "Cookie Policy | LabTest Hub" }];

export default function Page() {
  return <CookiesPage />;
}
