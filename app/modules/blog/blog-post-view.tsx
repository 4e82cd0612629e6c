import { ArrowLeft, ArrowRight } from "~/components/ui/icons";
import { TransMessage } from "~/i18n/trans-message";
import { useTranslation } from "~/i18n/use-translation";
import { useNameTranslator } from "~/i18n/use-name";
import { Link } from "~/i18n/link";
import { LocalizedText, localizedField } from "~/i18n/localized-field";
import { useLanguage } from "~/i18n/use-language";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import type { findPublishedPost } from "~/modules/blog/blog.server";
import { usePostDate } from "~/modules/blog/resources-view";

type PostPage = NonNullable<Awaited<ReturnType<typeof findPublishedPost>>>;

export function BlogPostView({ post, previous, next }: PostPage) {
  const { t } = useTranslation("pages");
  const topic = useNameTranslator();
  const postDate = usePostDate();
  const content = localizedField(post.content, post.contentAr, useLanguage());
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/resources" className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ms-3")}>
        <ArrowLeft className="rtl:rotate-180" aria-hidden /> {t("Back to Resources")}
      </Link>
      <p className="mt-6 text-sm font-medium text-primary uppercase">{topic(post.category)}</p>
      <LocalizedText as="h1" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl" en={post.title} ar={post.titleAr} />
      <p className="mt-3 text-sm text-muted-foreground">
        {/* An element as the author, so that an English name keeps its lang="en". */}
        <TransMessage namespace="pages" text="By {{author}}" values={{ author: <LocalizedText en={post.author} ar={post.authorAr} /> }} /> ·{" "}
        <time dateTime={new Date(post.createdAt).toISOString()}>{postDate(post.createdAt)}</time>
      </p>
      {post.imageUrl ? (
        <img src={post.imageUrl} alt="" width={1200} height={630} className="mt-8 aspect-[1200/630] w-full rounded-lg bg-muted object-cover" />
      ) : null}
      {/* Sanitised on the server with the one allow-list (sanitize-html.ts). */}
      <div className="rich-text mt-8" lang={content.lang} dir={content.lang ? "ltr" : undefined} dangerouslySetInnerHTML={{ __html: content.text }} />
      <nav aria-label={t("More posts")} className="mt-12 grid gap-4 border-t pt-8 sm:grid-cols-2">
        {previous ? (
          <Link to={`/blog/${previous.slug}`} rel="prev" className="rounded-lg border p-4 hover:bg-accent">
            <span className="flex items-center gap-1 text-sm text-muted-foreground">
              <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden /> {t("Previous post")}
            </span>
            <LocalizedText className="mt-1 block font-medium" en={previous.title} ar={previous.titleAr} />
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={`/blog/${next.slug}`} rel="next" className="rounded-lg border p-4 text-end hover:bg-accent">
            <span className="flex items-center justify-end gap-1 text-sm text-muted-foreground">
              {t("Next post")} <ArrowRight className="size-4 rtl:rotate-180" aria-hidden />
            </span>
            <LocalizedText className="mt-1 block font-medium" en={next.title} ar={next.titleAr} />
          </Link>
        ) : null}
      </nav>
    </article>
  );
}
