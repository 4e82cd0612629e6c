import type { Route } from "./+types/about";
import { AboutPage } from "~/modules/content/about-page";

export const meta: Route.MetaFunction = () => [{ title: "About Us | LabTest Hub" }];

export default function Page() {
  return <AboutPage />;
}
