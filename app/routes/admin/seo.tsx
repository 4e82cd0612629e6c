import { Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/seo";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Textarea } from "~/components/ui/textarea";
import { useActionResult, type ActionResult, type FieldErrors } from "~/modules/admin/action-result";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { KNOWN_PAGES_PAGE_SIZE, listKnownPages, pagesMissingSeo } from "~/modules/admin/seo/known-pages.server";
import { pingSearchEngines } from "~/modules/admin/seo/ping-search-engines.server";
import { PageSeoFormSchema, pageFilters, SiteSeoFormSchema } from "~/modules/admin/seo/schemas";
import {
  deletePageSeo,
  getSiteSeoSettings,
  listPageSeo,
  savePageSeo,
  saveSiteSeoSettings,
} from "~/modules/admin/seo/seo-settings.server";
import { generateMissing, optimizePage } from "~/modules/admin/seo/seo-writer.server";
import { siteUrl } from "~/modules/seo/feeds.server";
import { db } from "~/db/db.server";
import { requireAdmin } from "~/utils/auth.server";
import { cn } from "~/utils/cn";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/request-body.server";
import { text } from "~/utils/text-schema";

export const meta: Route.MetaFunction = () => [{ title: "SEO | Admin | LabTest Hub" }];

const tabs = [
  { id: "general", label: "General SEO" },
  { id: "page-seo", label: "Page SEO" },
  { id: "pages", label: "Pages (Auto)" },
] as const;

const ViewSchema = z.object({
  tab: z.enum(["general", "page-seo", "pages"]).catch("general"),
  filter: z.enum(pageFilters).catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** Pages written per click of "Generate for missing", so one request stays short on a big catalogue. */
const GENERATE_BATCH = 500;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const view = ViewSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [settings, pageSeo, known] = await Promise.all([
    getSiteSeoSettings(),
    view.tab === "page-seo" ? listPageSeo() : Promise.resolve([]),
    view.tab === "pages" ? listKnownPages(view.filter, view.page) : Promise.resolve({ pages: [], total: 0 }),
  ]);
  return { view, settings, pageSeo, known, pageCount: Math.max(1, Math.ceil(known.total / KNOWN_PAGES_PAGE_SIZE)) };
}

const ok = (title: string, description?: string) => data<ActionResult>({ ok: true, toast: { title, description } });
const fail = (title: string, status: number, fieldErrors?: FieldErrors, description?: string) =>
  data<ActionResult>({ ok: false, toast: { title, description }, fieldErrors }, { status });

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readForm(request);
  try {
    switch (form.intent) {
      case "save-settings": {
        const parsed = SiteSeoFormSchema.safeParse(form);
        if (!parsed.success) return fail("Failed to update SEO settings", 400, parsed.error.flatten().fieldErrors);
        await saveSiteSeoSettings(parsed.data);
        return ok("SEO settings updated", "Your SEO settings have been saved successfully.");
      }
      case "add-page-seo": {
        const parsed = PageSeoFormSchema.safeParse(form);
        if (!parsed.success) return fail("Failed to add page SEO settings", 400, parsed.error.flatten().fieldErrors);
        await savePageSeo(parsed.data);
        return ok("Page SEO added", "Page SEO settings have been saved successfully.");
      }
      case "delete": {
        const id = z.uuid().safeParse(form.id);
        if (!id.success || !(await deletePageSeo(id.data))) return fail("Failed to delete page SEO settings", 404);
        return ok("Page SEO deleted", "Page SEO settings have been removed.");
      }
      case "generate-missing": {
        const missing = await pagesMissingSeo(GENERATE_BATCH);
        if (missing.total === 0) return ok("Nothing to do", "All pages already have SEO entries.");
        const generated = await generateMissing(missing.pages);
        return ok("Completed", `Generated SEO for ${generated}/${missing.total} pages.`);
      }
      case "ping": {
        const result = await pingSearchEngines(await siteUrl(db));
        return ok("Pinged search engines", `Google ${result.google.status}, Bing ${result.bing.status}`);
      }
      case "optimize": {
        const path = text().startsWith("/").max(500).safeParse(form.path);
        const written = path.success ? await optimizePage(path.data) : null;
        if (!written) return fail("Failed to optimize", 404, undefined, "This page no longer exists.");
        return ok("Optimized", `Updated SEO for ${path.data}`);
      }
      default:
        return fail("Unknown action", 400);
    }
  } catch (error) {
    logger.error({ err: error, intent: form.intent }, "SEO action failed");
    const title =
      { "generate-missing": "Failed to generate", ping: "Failed to ping", optimize: "Failed to optimize" }[String(form.intent)] ??
      "Failed to update SEO settings";
    return fail(title, 500);
  }
}

function TextField({
  name,
  label,
  errors,
  defaultValue,
  type = "text",
  hint,
  multiline,
}: {
  name: string;
  label: string;
  errors: FieldErrors;
  defaultValue?: string | null;
  type?: string;
  hint?: ReactNode;
  multiline?: boolean;
}) {
  const id = `seo-${name}`;
  const props = {
    id,
    name,
    defaultValue: defaultValue ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
  return (
    <Field id={id} label={label} error={errors[name]} hint={hint}>
      {multiline ? <Textarea rows={3} {...props} /> : <Input type={type} {...props} />}
    </Field>
  );
}

function GeneralTab({ settings }: { settings: Route.ComponentProps["loaderData"]["settings"] }) {
  const fetcher = useFetcher();
  const errors = useActionResult(fetcher);
  return (
    <fetcher.Form method="post" className="grid max-w-3xl gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value="save-settings" />
      <div className="sm:col-span-2">
        <TextField name="siteTitle" label="Site title" errors={errors} defaultValue={settings?.siteTitle ?? "LabTest Hub"} />
      </div>
      <div className="sm:col-span-2">
        <TextField name="siteDescription" label="Site description" errors={errors} defaultValue={settings?.siteDescription} multiline />
      </div>
      <TextField name="defaultOgImage" label="Default social image URL" type="url" errors={errors} defaultValue={settings?.defaultOgImage} hint="1200 x 630 pixels." />
      <TextField name="siteUrl" label="Site URL" type="url" errors={errors} defaultValue={settings?.siteUrl} />
      <TextField name="googleAnalyticsId" label="Analytics ID" errors={errors} defaultValue={settings?.googleAnalyticsId} />
      <TextField name="siteLocale" label="Site locale" errors={errors} defaultValue={settings?.siteLocale ?? "en_AE"} />
      <TextField name="googleSiteVerification" label="Google verification code" errors={errors} defaultValue={settings?.googleSiteVerification} />
      <TextField name="bingSiteVerification" label="Bing verification code" errors={errors} defaultValue={settings?.bingSiteVerification} />
      <TextField name="twitterSite" label="Twitter site" errors={errors} defaultValue={settings?.twitterSite} />
      <TextField name="twitterCreator" label="Twitter creator" errors={errors} defaultValue={settings?.twitterCreator} />
      <TextField name="contactPhone" label="Contact phone" type="tel" errors={errors} defaultValue={settings?.contactPhone} />
      <TextField name="contactEmail" label="Contact email" type="email" errors={errors} defaultValue={settings?.contactEmail} />
      <div className="sm:col-span-2">
        <TextField
          name="sameAs"
          label="Social profiles"
          errors={errors}
          defaultValue={settings?.sameAs.join("\n")}
          hint="One URL per line."
          multiline
        />
      </div>
      <div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function PageSeoTab({ entries }: { entries: Route.ComponentProps["loaderData"]["pageSeo"] }) {
  const fetcher = useFetcher();
  const errors = useActionResult(fetcher);
  return (
    <div className="grid gap-8">
      <fetcher.Form method="post" className="grid max-w-3xl gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="add-page-seo" />
        <TextField name="pagePath" label="Page path" errors={errors} hint="For example /about or /product/lipid-profile." />
        <TextField name="title" label="Title" errors={errors} />
        <TextField name="keywords" label="Keywords" errors={errors} />
        <TextField name="ogImage" label="Social image URL" type="url" errors={errors} />
        <div className="sm:col-span-2">
          <TextField name="description" label="Description" errors={errors} multiline />
        </div>
        <TextField name="canonicalUrl" label="Canonical URL" type="url" errors={errors} />
        <div className="self-end">
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Add Page SEO
          </Button>
        </div>
      </fetcher.Form>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Path</TableHead>
            <TableHead>Title</TableHead>
            <TableHead>Description</TableHead>
            <TableHead className="text-end">Delete</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell className="font-mono text-xs">{entry.pagePath}</TableCell>
              <TableCell>{entry.title}</TableCell>
              <TableCell className="max-w-md text-muted-foreground">{entry.description}</TableCell>
              <TableCell>
                <div className="flex justify-end">
                  <ConfirmDeleteDialog
                    id={entry.id}
                    label={`Delete SEO of ${entry.pagePath}`}
                    message="Are you sure you want to delete this page SEO configuration?"
                  />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {entries.length === 0 ? <p className="text-center text-sm text-muted-foreground">No page SEO entries yet.</p> : null}
    </div>
  );
}

function IntentButton({ intent, children, fields, ...props }: { intent: string; children: ReactNode; fields?: Record<string, string>; variant?: "default" | "outline" | "ghost"; size?: "sm" | "default"; label?: string }) {
  const fetcher = useFetcher();
  useActionResult(fetcher);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={props.variant} size={props.size} disabled={fetcher.state !== "idle"} aria-label={props.label}>
        {children}
      </Button>
    </fetcher.Form>
  );
}

function PagesTab({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { known, view, pageCount } = loaderData;
  const href = (params: Partial<{ filter: string; page: number }>) =>
    `?${new URLSearchParams({ tab: "pages", filter: params.filter ?? view.filter, page: String(params.page ?? 1) })}`;
  const filterLabels = { all: "All", missing: "Missing", present: "Has SEO" } as const;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="SEO status filter" className="flex gap-2">
          {pageFilters.map((filter) => (
            <Button key={filter} asChild size="sm" variant={view.filter === filter ? "default" : "outline"}>
              <Link to={href({ filter })} aria-current={view.filter === filter ? "page" : undefined}>
                {filterLabels[filter]}
              </Link>
            </Button>
          ))}
        </nav>
        <div className="flex gap-2">
          <IntentButton intent="generate-missing">Generate for missing</IntentButton>
          <IntentButton intent="ping" variant="outline">
            Ping search engines
          </IntentButton>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{known.total} pages</p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Path</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Title</TableHead>
            <TableHead>SEO Status</TableHead>
            <TableHead>Title length</TableHead>
            <TableHead>Description length</TableHead>
            <TableHead>OG image</TableHead>
            <TableHead className="text-end">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {known.pages.map((page) => (
            <TableRow key={page.path}>
              <TableCell className="font-mono text-xs">{page.path}</TableCell>
              <TableCell className="capitalize">{page.type}</TableCell>
              <TableCell>{page.seoTitle ?? page.name}</TableCell>
              <TableCell>
                <span className={cn("font-medium", page.seoTitle ? "text-success" : "text-warning")}>
                  {page.seoTitle ? "Present" : "Missing"}
                </span>
              </TableCell>
              <TableCell>{page.seoTitle?.length ?? 0}</TableCell>
              <TableCell>{page.seoDescription?.length ?? 0}</TableCell>
              <TableCell>{page.ogImage ? "Custom" : "–"}</TableCell>
              <TableCell>
                <div className="flex justify-end">
                  <IntentButton intent="optimize" fields={{ path: page.path }} size="sm" variant="ghost" label={`AI Optimize ${page.path}`}>
                    <Sparkles aria-hidden /> AI Optimize
                  </IntentButton>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination page={view.page} pageCount={pageCount} hrefFor={(page) => href({ page })} />
    </div>
  );
}

export default function AdminSeo({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  return (
    <div>
      <AdminHeader title="SEO Settings" subtitle="How the site appears in search engines and social media" />
      <nav aria-label="SEO sections" className="mt-6 flex gap-1 border-b">
        {tabs.map((tab) => (
          <Link
            key={tab.id}
            to={`?tab=${tab.id}`}
            aria-current={view.tab === tab.id ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
              view.tab === tab.id ? "border-primary text-primary" : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <div className="mt-6">
        {view.tab === "general" ? <GeneralTab settings={loaderData.settings} /> : null}
        {view.tab === "page-seo" ? <PageSeoTab entries={loaderData.pageSeo} /> : null}
        {view.tab === "pages" ? <PagesTab loaderData={loaderData} /> : null}
      </div>
    </div>
  );
}
