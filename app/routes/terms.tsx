import type { Route } from "./+types/terms";
import { TermsPage } from "~/modules/content/terms-page";

export const meta: Route.MetaFunction = () => [{ title: "Terms of Service | LabTest Hub" }];

export default function Page() {
  return <TermsPage />;
}
