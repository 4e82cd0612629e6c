import { z } from "zod";
import { siteUrl } from "~/modules/seo/feeds.server";
import { KNOWN_PAGES_PAGE_SIZE, listKnownPages, pagesMissingSeo } from "~/modules/seo/known-pages.server";
import { pingSearchEngines } from "~/modules/seo/ping-search-engines.server";
import { PageSeoFormSchema, type SeoView, SiteSeoFormSchema } from "~/modules/seo/schemas";
import { deletePageSeo, getSiteSeoSettings, listPageSeo, savePageSeo, saveSiteSeoSettings } from "~/modules/seo/seo-settings.server";
import { generateMissing, optimizePage } from "~/modules/seo/seo-writer.server";
import { fieldErrorsOf, formFailure, formSuccess } from "~/utils/form-result.server";
import { logger } from "~/utils/logger.server";
import { text } from "~/utils/text-schema";

/** Pages written per click of "Generate for missing", so one request stays short on a big catalogue. */
const GENERATE_BATCH = 500;

/** The SEO screen: the site settings, and the list its tab shows. */
export async function seoAdminPage(view: SeoView) {
  const [settings, pageSeo, known] = await Promise.all([
    getSiteSeoSettings(),
    view.tab === "page-seo" ? listPageSeo() : Promise.resolve([]),
    view.tab === "pages" ? listKnownPages(view.filter, view.page) : Promise.resolve({ pages: [], total: 0 }),
  ]);
  return { view, settings, pageSeo, known, pageCount: Math.max(1, Math.ceil(known.total / KNOWN_PAGES_PAGE_SIZE)) };
}

const done = (title: string, description?: string) => formSuccess({ title, ...(description ? { description } : {}) });
const refused = (title: string, status: number, description?: string) =>
  formFailure(status, { toast: { title, ...(description ? { description } : {}) } });

type Answer = ReturnType<typeof done>;

/** A save button's intent: checks the form with `schema`, saves it and answers with the success toast. */
function saveWith<Schema extends z.ZodType>(
  schema: Schema,
  save: (input: z.output<Schema>) => Promise<unknown>,
  invalidTitle: string,
  saved: { title: string; description: string },
) {
  return async (form: Record<string, unknown>) => {
    const parsed = schema.safeParse(form);
    if (!parsed.success) return formFailure(400, { toast: { title: invalidTitle }, fieldErrors: fieldErrorsOf(parsed.error) });
    await save(parsed.data);
    return formSuccess(saved);
  };
}

/** What each button of the SEO screen does, and the title of its toast when it fails unexpectedly. */
const intents: Record<string, { failure: string; run: (form: Record<string, unknown>) => Promise<Answer> }> = {
  "save-settings": {
    failure: "Failed to update SEO settings",
    run: saveWith(SiteSeoFormSchema, saveSiteSeoSettings, "Failed to update SEO settings", {
      title: "SEO settings updated",
      description: "Your SEO settings have been saved successfully.",
    }),
  },
  "add-page-seo": {
    failure: "Failed to add page SEO settings",
    run: saveWith(PageSeoFormSchema, savePageSeo, "Failed to add page SEO settings", {
      title: "Page SEO added",
      description: "Page SEO settings have been saved successfully.",
    }),
  },
  delete: {
    failure: "Failed to delete page SEO settings",
    async run(form) {
      const id = z.uuid().safeParse(form.id);
      if (!id.success || !(await deletePageSeo(id.data))) return refused("Failed to delete page SEO settings", 404);
      return done("Page SEO deleted", "Page SEO settings have been removed.");
    },
  },
  "generate-missing": {
    failure: "Failed to generate",
    async run() {
      const missing = await pagesMissingSeo(GENERATE_BATCH);
      if (missing.total === 0) return done("Nothing to do", "All pages already have SEO entries.");
      const generated = await generateMissing(missing.pages);
      return done("Completed", `Generated SEO for ${generated}/${missing.total} pages.`);
    },
  },
  ping: {
    failure: "Failed to ping",
    async run() {
      const result = await pingSearchEngines(await siteUrl());
      return done("Pinged search engines", `Google ${result.google.status}, Bing ${result.bing.status}`);
    },
  },
  optimize: {
    failure: "Failed to optimize",
    async run(form) {
      const path = text().startsWith("/").max(500).safeParse(form.path);
      const written = path.success ? await optimizePage(path.data) : null;
      if (!written) return refused("Failed to optimize", 404, "This page no longer exists.");
      return done("Optimized", `Updated SEO for ${path.data}`);
    },
  },
};

/** Runs the intent an SEO screen form posted and answers a `FormResult` with its toast. */
export async function runSeoAction(form: Record<string, unknown>) {
  const intent = typeof form.intent === "string" && Object.hasOwn(intents, form.intent) ? intents[form.intent] : undefined;
  if (!intent) return refused("Unknown action", 400);
  try {
    return await intent.run(form);
  } catch (error) {
    logger.error({ err: error, intent: form.intent }, "SEO action failed");
    return refused(intent.failure, 500);
  }
}
