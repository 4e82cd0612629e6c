import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

export type ProsePageProps = {
  /** Page title, rendered as the single <h1>. */
  title: string;
  /** Optional lead paragraph shown under the title. */
  intro?: ReactNode;
  /** Human-readable date, e.g. "1 November 2026"; renders a "Last updated" line. */
  updated?: string;
  children: ReactNode;
};

const proseClasses = [
  "mt-8 text-base leading-7 text-foreground",
  // Section headings
  "[&_h2]:mt-10 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:leading-tight [&_h2]:tracking-tight [&_h2]:text-foreground",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:leading-snug [&_h3]:text-foreground",
  // Body copy
  "[&_p]:mt-4",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:ps-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:ps-6",
  "[&_li]:ps-1 [&_li::marker]:text-muted-foreground",
  "[&_strong]:font-semibold [&_strong]:text-foreground",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:no-underline",
  "[&_a:focus-visible]:rounded-sm [&_a:focus-visible]:outline-2 [&_a:focus-visible]:outline-offset-2",
  // No extra gap above the very first element
  "[&>:first-child]:mt-0 [&>section:first-child>:first-child]:mt-0",
].join(" ");

export function ProsePage({ title, intro, updated, children }: ProsePageProps) {
  const { t } = useTranslation("pages");
  return (
    <div className="bg-background">
      <article className="mx-auto w-full max-w-[70ch] px-4 py-12 text-start sm:py-16">
        <header className="border-b border-border pb-8">
          <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
            {title}
          </h1>
          {intro ? (
            <p className="mt-4 text-lg leading-8 text-muted-foreground">{intro}</p>
          ) : null}
          {updated ? (
            <p className="mt-4 text-sm text-muted-foreground">{t("Last updated: {{date}}", { date: updated })}</p>
          ) : null}
        </header>
        <div className={proseClasses}>{children}</div>
      </article>
    </div>
  );
}

/** The support address and number as links, isolated inside right-to-left text. */
export function SupportEmail() {
  return (
    <a href="mailto:support@labtesthub.ae">
      <bdi>support@labtesthub.ae</bdi>
    </a>
  );
}

export function SupportPhone() {
  return (
    <a href="tel:+97125550100">
      <bdi>+971 2 555 0100</bdi>
    </a>
  );
}
