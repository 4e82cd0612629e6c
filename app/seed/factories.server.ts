// Row factories shared by the demo seed and the tests: one place knows how to make a valid row.
import { randomUUID } from "node:crypto";
import type { Executor } from "~/db/client.server";
import * as schema from "~/db/schema";
import { resultTimeHours } from "~/modules/catalog/result-time";
import { uniqueTestSlug } from "~/modules/catalog/test-slug.server";
import { getAuth } from "~/modules/accounts/better-auth.server";

let sequence = 0;
const next = () => ++sequence;

export async function insertCategory(
  executor: Executor,
  input: Partial<typeof schema.testCategories.$inferInsert> = {},
) {
  const [row] = await executor
    .insert(schema.testCategories)
    .values({ name: `Category ${next()}`, description: "A group of related lab tests.", ...input })
    .returning();
  return row;
}

export async function insertLab(executor: Executor, input: Partial<typeof schema.labs.$inferInsert> = {}) {
  const n = next();
  const [row] = await executor
    .insert(schema.labs)
    .values({ name: `Partner Lab ${n}`, slug: `partner-lab-${n}-${randomUUID().slice(0, 8)}`, address: "Al Reem Island, Abu Dhabi", ...input })
    .returning();
  return row;
}

export type TestInput = Partial<Omit<typeof schema.tests.$inferInsert, "slug" | "resultTimeHours">>;

export async function insertTest(executor: Executor, input: TestInput = {}) {
  const name = input.name ?? `Lab Test ${next()}`;
  const resultTime = input.resultTime === undefined ? "24-48 hours" : input.resultTime;
  const [row] = await executor
    .insert(schema.tests)
    .values({
      priceFils: 10000,
      description: `<p>${name} measures a marker your doctor may ask for.</p>`,
      ...input,
      name,
      resultTime,
      resultTimeHours: resultTimeHours(resultTime),
      slug: await uniqueTestSlug(executor, name),
    })
    .returning();
  return row;
}

export async function insertBlogPost(
  executor: Executor,
  input: Partial<typeof schema.blogPosts.$inferInsert> = {},
) {
  const n = next();
  const [row] = await executor
    .insert(schema.blogPosts)
    .values({
      slug: `post-${n}`,
      title: `Health note ${n}`,
      excerpt: "A short summary.",
      content: "<p>Body.</p>",
      author: "LabTest Hub Team",
      category: "Health",
      isPublished: true,
      ...input,
    })
    .returning();
  return row;
}

export type AccountInput = {
  email?: string;
  password?: string;
  name?: string;
  admin?: boolean;
  emailVerified?: boolean;
  profile?: { firstName?: string; lastName?: string; phone?: string };
};

/**
 * The hash of each password given so far, reused: scrypt takes about 0.13 s a hash, and the test
 * suites create some 800 accounts, nearly all with the default password.
 */
const passwordHashes = new Map<string, Promise<string>>();

/** An account that can sign in with its password, with its profile (and admin role if asked). */
export async function createAccount(executor: Executor, input: AccountInput = {}) {
  const email = (input.email ?? `customer${next()}-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
  const password = input.password ?? "correct-horse-battery";
  let hashing = passwordHashes.get(password);
  if (!hashing) {
    hashing = getAuth().$context.then((context) => context.password.hash(password));
    passwordHashes.set(password, hashing);
  }
  const hash = await hashing;
  const id = randomUUID();
  const [user] = await executor
    .insert(schema.user)
    .values({ id, email, name: input.name ?? email.split("@")[0], emailVerified: input.emailVerified ?? true })
    .returning();
  await executor.insert(schema.account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: hash,
  });
  await executor.insert(schema.profiles).values({ id, ...input.profile });
  if (input.admin) await executor.insert(schema.userRoles).values({ userId: id, role: "admin" });
  return { ...user, password };
}
