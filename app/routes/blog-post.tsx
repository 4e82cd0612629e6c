import { data } from "react-router";
import type { Route } from "./+types/blog-post";
import { NotFoundState } from "~/components/not-found-state";
import { findPublishedPost } from "~/modules/blog/blog.server";
import { BlogPostView } from "~/modules/blog/blog-post-view";
import { isSlug } from "~/utils/slug";
import { absoluteUrl, pageMeta, siteSeoFromMatches } from "~/modules/seo/page-meta";
import { notFoundPageMeta } from "~/modules/seo/private-paths";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath, localizePath } from "~/i18n/languages";
import { localizedField } from "~/i18n/localized-field";

/** What a missing post shows (spec: error catalogue). */
const NOT_FOUND = {
  title: "Post Not Found",
  message: "The article you are looking for does not exist or has been removed.",
  actionLabel: "Back to Resources",
  actionTo: "/resources",
} as const;

export async function loader({ params }: Route.LoaderArgs) {
  const found = isSlug(params.slug) ? await findPublishedPost(params.slug) : null;
  if (!found) return data({ found: null }, { status: 404 });
  return { found };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const language = languageOfPath(location.pathname);
  const post = loaderData?.found?.post;
  if (!post) return notFoundPageMeta(translatorFor(language, "pages")(NOT_FOUND.title));
  const siteUrl = siteSeoFromMatches(matches)?.site.url ?? "";
  const title = localizedField(post.title, post.titleAr, language).text;
  const excerpt = localizedField(post.excerpt, post.excerptAr, language).text;
  return pageMeta(matches, {
    title,
    description: excerpt,
    image: post.imageUrl,
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: title,
        description: excerpt,
        inLanguage: language,
        author: { "@type": "Person", name: localizedField(post.author, post.authorAr, language).text },
        datePublished: new Date(post.createdAt).toISOString(),
        dateModified: new Date(post.updatedAt).toISOString(),
        mainEntityOfPage: absoluteUrl(siteUrl, localizePath(`/blog/${post.slug}`, language)),
        ...(post.imageUrl ? { image: absoluteUrl(siteUrl, post.imageUrl) } : {}),
      },
    ],
  });
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <NotFoundState {...NOT_FOUND} />;
  return <BlogPostView {...loaderData.found} />;
}
