import { count } from "drizzle-orm";
import type { Executor } from "./client.server";
import { createAccount, insertBlogPost, insertCategory, insertLab, insertTest } from "./factories.server";
import * as schema from "./schema";
import { seedCategories } from "./seed-data/categories";
import { seedBlogPosts, seedResources } from "./seed-data/content";
import { seedLabs } from "./seed-data/labs";
import { seedTests } from "./seed-data/tests";
import { aedToFils } from "~/utils/money";

export const DEMO_ACCOUNTS = {
  admin: { email: "admin@labtesthub.ae", password: "LabAdmin#2026" },
  customer: { email: "customer@labtesthub.ae", password: "Customer#2026" },
} as const;

export const DEFAULT_SITE_DESCRIPTION =
  "The most convenient way to book lab tests in UAE. Compare prices, book appointments, and receive results digitally.";

const DAY = 24 * 60 * 60 * 1000;

/** True when the catalogue is empty, i.e. on the first run against a new database. */
export async function databaseIsEmpty(executor: Executor) {
  const [row] = await executor.select({ n: count() }).from(schema.testCategories);
  return row.n === 0;
}

/** Loads the demo catalogue, content, settings and the two demo accounts. */
export async function seedDemoData(executor: Executor) {
  const categoryIds = new Map<string, string>();
  for (const category of seedCategories) {
    const row = await insertCategory(executor, category);
    categoryIds.set(category.name, row.id);
  }
  for (const lab of seedLabs) await insertLab(executor, lab);

  const now = Date.now();
  let index = 0;
  for (const test of seedTests) {
    // Spread creation times so "newest first" lists have a stable, meaningful order.
    const createdAt = new Date(now - (seedTests.length - index++) * 60 * 60 * 1000);
    await insertTest(executor, {
      name: test.name,
      categoryId: categoryIds.get(test.category) ?? null,
      priceFils: aedToFils(test.priceAed),
      cptCode: test.cptCode,
      specimen: test.specimen,
      transportTemperature: test.transportTemperature,
      resultTime: test.resultTime,
      description: test.description,
      preparationInstructions: test.preparationInstructions,
      whyYouNeedThisTest: test.whyYouNeedThisTest,
      isFeatured: test.featured,
      createdAt,
      updatedAt: createdAt,
    });
  }

  for (const post of seedBlogPosts) {
    const createdAt = new Date(now - post.daysAgo * DAY);
    await insertBlogPost(executor, {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      author: post.author,
      category: post.category,
      isPublished: post.isPublished,
      imageUrl: post.imageUrl,
      createdAt,
      updatedAt: createdAt,
    });
  }
  for (const resource of seedResources) {
    const { daysAgo, ...fields } = resource;
    await executor.insert(schema.resources).values({ ...fields, createdAt: new Date(now - daysAgo * DAY) });
  }

  await executor
    .insert(schema.seoSettings)
    .values({
      siteTitle: "LabTest Hub",
      siteDescription: DEFAULT_SITE_DESCRIPTION,
      siteLocale: "en_AE",
      contactPhone: "+971 2 555 0100",
      contactEmail: "support@labtesthub.ae",
    })
    .onConflictDoNothing();

  await createAccount(executor, {
    ...DEMO_ACCOUNTS.admin,
    name: "Demo Admin",
    admin: true,
    profile: { firstName: "Demo", lastName: "Admin", phone: "+971 50 000 0001" },
  });
  await createAccount(executor, {
    ...DEMO_ACCOUNTS.customer,
    name: "Aisha Al Mansoori",
    profile: { firstName: "Aisha", lastName: "Al Mansoori", phone: "+971 50 123 4567" },
  });
}
