import type { Route } from "./+types/resources";
import { listPublishedPosts, listResources } from "~/modules/blog/blog.server";
import { ResourcesView, type ResourcesTab } from "~/modules/blog/resources-view";
import { pageMeta } from "~/modules/seo/page-meta";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";

export async function loader({ request }: Route.LoaderArgs) {
  const tab: ResourcesTab = new URL(request.url).searchParams.get("tab") === "resources" ? "resources" : "blog";
  const [posts, resources] = await Promise.all([
    tab === "blog" ? listPublishedPosts() : [],
    tab === "resources" ? listResources() : [],
  ]);
  return { tab, posts, resources };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = translatorFor(languageOfPath(location.pathname), "pages");
  return pageMeta(matches, {
    title: t("Health Resources and Blog"),
    description: t("Articles about lab tests and health in the UAE, and links to trusted health resources."),
  });
};

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  return <ResourcesView {...loaderData} />;
}
