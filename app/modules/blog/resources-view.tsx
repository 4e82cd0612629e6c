import { BookOpen, ExternalLink, Newspaper } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { useNameTranslator } from "~/i18n/use-name";
import { Link } from "~/i18n/link";
import { LocalizedText } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { cn } from "~/utils/cn";
import type { listPublishedPosts, listResources } from "~/modules/blog/blog.server";

export type ResourcesTab = "blog" | "resources";

type Post = Awaited<ReturnType<typeof listPublishedPosts>>[number];
type Resource = Awaited<ReturnType<typeof listResources>>[number];

/** A post's date in the page's language: "24 November 2026". */
export function usePostDate() {
  const format = useFormat();
  return (date: Date | string) => format.dateTime(date, { day: "numeric", month: "long", year: "numeric" });
}

function TabLink({ tab, active, children }: { tab: ResourcesTab; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={tab === "blog" ? "/resources" : "/resources?tab=resources"}
      aria-current={active ? "page" : undefined}
      preventScrollReset
      className={cn(
        "inline-flex h-10 items-center gap-2 rounded-md px-4 text-sm font-medium transition-colors",
        active ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
      )}
    >
      {children}
    </Link>
  );
}

function PostCard({ post }: { post: Post }) {
  const postDate = usePostDate();
  const topic = useNameTranslator();
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm">
      {post.imageUrl ? (
        <img src={post.imageUrl} alt="" width={640} height={360} loading="lazy" className="aspect-video w-full bg-muted object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="text-xs font-medium text-primary uppercase">{topic(post.category)}</p>
        <h2 className="text-lg font-semibold leading-snug">
          <Link to={`/blog/${post.slug}`} className="hover:text-primary hover:underline">
            <LocalizedText en={post.title} ar={post.titleAr} />
          </Link>
        </h2>
        <LocalizedText as="p" className="line-clamp-3 text-sm text-muted-foreground" en={post.excerpt} ar={post.excerptAr} />
        <p className="mt-auto text-xs text-muted-foreground">
          <LocalizedText en={post.author} ar={post.authorAr} /> · <time dateTime={new Date(post.createdAt).toISOString()}>{postDate(post.createdAt)}</time>
        </p>
      </div>
    </article>
  );
}

function ResourceCard({ resource }: { resource: Resource }) {
  const { t } = useTranslation("pages");
  const topic = useNameTranslator();
  return (
    <article className="flex flex-col gap-2 rounded-lg border bg-card p-5 shadow-sm">
      {resource.category ? <p className="text-xs font-medium text-primary uppercase">{topic(resource.category)}</p> : null}
      <LocalizedText as="h2" className="text-lg font-semibold leading-snug" en={resource.title} ar={resource.titleAr} />
      {resource.description ? (
        <LocalizedText as="p" className="text-sm text-muted-foreground" en={resource.description} ar={resource.descriptionAr} />
      ) : null}
      {resource.link ? (
        <a
          href={resource.link}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          {t("Visit resource")} <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">{t("(opens in a new tab)")}</span>
        </a>
      ) : null}
    </article>
  );
}

export function ResourcesView({ tab, posts, resources }: { tab: ResourcesTab; posts: Post[]; resources: Resource[] }) {
  const { t } = useTranslation("pages");
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("Health Resources")}</h1>
      <p className="mt-3 max-w-2xl text-muted-foreground">
        {t("Articles from our team and trusted health information from UAE and international health authorities.")}
      </p>
      <nav aria-label={t("Resources sections")} className="mt-8 inline-flex gap-1 rounded-lg bg-muted p-1">
        <TabLink tab="blog" active={tab === "blog"}>
          <Newspaper className="size-4" aria-hidden /> {t("Blog Posts")}
        </TabLink>
        <TabLink tab="resources" active={tab === "resources"}>
          <BookOpen className="size-4" aria-hidden /> {t("Health Resources")}
        </TabLink>
      </nav>
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {tab === "blog"
          ? posts.map((post) => <PostCard key={post.id} post={post} />)
          : resources.map((resource) => <ResourceCard key={resource.id} resource={resource} />)}
      </div>
      {(tab === "blog" ? posts : resources).length === 0 ? (
        <p className="mt-8 text-muted-foreground">{tab === "blog" ? t("No blog posts yet.") : t("No health resources yet.")}</p>
      ) : null}
    </div>
  );
}
