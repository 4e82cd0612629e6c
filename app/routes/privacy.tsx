import type { Route } from "./+types/privacy";
import { PrivacyPage } from "~/modules/content/privacy-page";

export const meta: Route.MetaFunction = () => [{ title: "Privacy Policy | LabTest Hub" }];

export default function Page() {
  return <PrivacyPage />;
}
