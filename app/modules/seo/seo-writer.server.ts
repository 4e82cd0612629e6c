import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/db.server";
import { blogPosts, pageSeo, testCategories, tests } from "~/db/schema";
import { htmlToPlainText } from "~/utils/sanitize-html";
import { getEnv } from "~/utils/env.server";
import { formatAed } from "~/utils/money";
import { pageTypeOf } from "~/modules/seo/known-pages.server";
import { siteSeoChanged } from "~/modules/seo/site-seo.server";

export type PageSeoDraft = { title: string; description: string; keywords: string };

const TITLE_MAX = 60;
const DESCRIPTION_MAX = 155;
const BRAND = "LabTest Hub";

/** Shortens text at a word boundary, adding an ellipsis when it had to cut. */
export function clip(text: string, max: number) {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[\s,.;:–-]+$/, "")}…`;
}

function withBrand(title: string) {
  const branded = `${title} | ${BRAND}`;
  return branded.length <= TITLE_MAX ? branded : clip(title, TITLE_MAX);
}

const STATIC_PAGES: Record<string, { title: string; description: string; keywords: string }> = {
  "/": {
    title: "Book Lab Tests in Abu Dhabi – Compare Prices",
    description:
      "Compare lab test prices from 20+ partner labs in Abu Dhabi, book online with home sample collection and get your results digitally.",
    keywords: "lab tests Abu Dhabi, blood test price UAE, home sample collection",
  },
  "/search": {
    title: "All Lab Tests and Health Packages",
    description: "Search 2,000+ lab tests and health packages in Abu Dhabi. Filter by category, sort by price or result time, and book online.",
    keywords: "lab test search, health packages Abu Dhabi, blood tests",
  },
  "/resources": {
    title: "Health Articles and Resources",
    description: "Guides on preparing for lab tests, understanding results and staying healthy in the UAE, from the LabTest Hub team.",
    keywords: "health articles UAE, lab test guides",
  },
  "/about": {
    title: "About Us",
    description: "LabTest Hub is Abu Dhabi's marketplace for lab tests: compare partner-lab prices, book home collection and receive digital results.",
    keywords: "about LabTest Hub, lab test marketplace UAE",
  },
  "/faqs": {
    title: "Frequently Asked Questions",
    description: "Answers about booking lab tests, home sample collection, results, payments and refunds with LabTest Hub in Abu Dhabi.",
    keywords: "lab test FAQ, home collection fee, test results time",
  },
  "/terms": {
    title: "Terms of Service",
    description: "The terms for booking lab tests through LabTest Hub, including cancellations, refunds and payments in AED.",
    keywords: "terms of service, refund policy",
  },
  "/privacy": {
    title: "Privacy Policy",
    description: "How LabTest Hub collects, uses and protects your personal and health data under UAE data-protection law.",
    keywords: "privacy policy, health data UAE",
  },
  "/cookies": {
    title: "Cookie Policy",
    description: "The cookies and browser storage LabTest Hub uses, and how to control them.",
    keywords: "cookie policy",
  },
};

/** Writes title, description and keywords for a page from what the catalogue knows about it. */
export async function writePageSeo(path: string): Promise<PageSeoDraft | null> {
  const type = pageTypeOf(path);
  if (type === "static") {
    const known = STATIC_PAGES[path];
    return known ? { ...known, title: withBrand(known.title) } : null;
  }
  if (type === "test") {
    const [test] = await db
      .select({
        name: tests.name,
        description: tests.description,
        priceFils: tests.priceFils,
        resultTime: tests.resultTime,
        category: testCategories.name,
      })
      .from(tests)
      .leftJoin(testCategories, eq(testCategories.id, tests.categoryId))
      .where(eq(tests.slug, path.slice("/product/".length)));
    if (!test) return null;
    const summary = htmlToPlainText(test.description).split(/(?<=\.)\s/)[0] ?? "";
    return {
      title: withBrand(`${test.name} Test in Abu Dhabi – ${formatAed(test.priceFils)}`),
      description: clip(
        `Book the ${test.name} test in Abu Dhabi for ${formatAed(test.priceFils)}. ${summary} Results in ${test.resultTime ?? "24-48 hours"}, with home collection.`,
        DESCRIPTION_MAX,
      ),
      keywords: [test.name, test.category, "Abu Dhabi lab test", "home sample collection"].filter(Boolean).join(", "),
    };
  }
  if (type === "category") {
    const id = path.slice("/category/".length);
    if (!z.uuid().safeParse(id).success) return null;
    const [category] = await db
      .select({ name: testCategories.name, description: testCategories.description })
      .from(testCategories)
      .where(eq(testCategories.id, id));
    if (!category) return null;
    return {
      title: withBrand(`${category.name} Tests in Abu Dhabi`),
      description: clip(
        `${category.description ?? `${category.name} lab tests.`} Compare partner-lab prices and book online with home collection.`,
        DESCRIPTION_MAX,
      ),
      keywords: [`${category.name} tests`, "Abu Dhabi", "lab tests"].join(", "),
    };
  }
  const [post] = await db
    .select({ title: blogPosts.title, excerpt: blogPosts.excerpt, category: blogPosts.category })
    .from(blogPosts)
    .where(eq(blogPosts.slug, path.slice("/blog/".length)));
  if (!post) return null;
  return {
    title: withBrand(post.title),
    description: clip(post.excerpt, DESCRIPTION_MAX),
    keywords: [post.category, "health", "UAE"].join(", "),
  };
}

const AiAnswerSchema = z.object({
  title: z.string().min(5).max(70),
  description: z.string().min(20).max(170),
  keywords: z.string().max(300).default(""),
});

export type AiEndpoint = { apiKey: string; baseUrl: string; model: string };

/** The OpenAI-compatible endpoint from AI_API_KEY / AI_BASE_URL / AI_MODEL, or null when unset. */
export function aiEndpointFromEnv(): AiEndpoint | null {
  const env = getEnv();
  if (!env.AI_API_KEY) return null;
  return { apiKey: env.AI_API_KEY, baseUrl: env.AI_BASE_URL ?? "https://api.openai.com/v1", model: env.AI_MODEL ?? "gpt-4o-mini" };
}

/** Asks the AI endpoint to improve a draft; throws when it fails or answers nonsense. */
export async function improveWithAi(path: string, draft: PageSeoDraft, ai: AiEndpoint) {
  const response = await fetch(`${ai.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${ai.apiKey}` },
    signal: AbortSignal.timeout(20_000),
    body: JSON.stringify({
      model: ai.model,
      response_format: { type: "json_object" },
      messages: [
        {
          role: "system",
          content:
            "You write SEO metadata for LabTest Hub, a lab-test marketplace in Abu Dhabi, UAE. Answer only JSON with keys title (max 60 characters), description (max 155 characters) and keywords (comma-separated). Be accurate, no medical claims.",
        },
        { role: "user", content: `Page: ${path}\nCurrent draft: ${JSON.stringify(draft)}` },
      ],
    }),
  });
  if (!response.ok) throw new Error(`AI endpoint answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
  const answer = AiAnswerSchema.parse(JSON.parse(body.choices?.[0]?.message?.content ?? "{}"));
  return { title: clip(answer.title, TITLE_MAX), description: clip(answer.description, DESCRIPTION_MAX), keywords: answer.keywords };
}

/** Writes (and, with an AI endpoint, improves) the SEO of one page and saves it over any entry it had. */
export async function optimizePage(path: string, ai: AiEndpoint | null = aiEndpointFromEnv()) {
  const draft = await writePageSeo(path);
  if (!draft) return null;
  const best = ai ? await improveWithAi(path, draft, ai) : draft;
  await db
    .insert(pageSeo)
    .values({ pagePath: path, ...best })
    .onConflictDoUpdate({ target: pageSeo.pagePath, set: best });
  await siteSeoChanged();
  return best;
}

/** Writes SEO entries for pages that have none (rule-based), at most `limit` per call. */
export async function generateMissing(pages: { path: string }[]) {
  let generated = 0;
  for (const { path } of pages) {
    const draft = await writePageSeo(path);
    if (!draft) continue;
    const inserted = await db
      .insert(pageSeo)
      .values({ pagePath: path, ...draft })
      .onConflictDoNothing({ target: pageSeo.pagePath })
      .returning({ id: pageSeo.id });
    generated += inserted.length;
  }
  if (generated > 0) await siteSeoChanged();
  return generated;
}
