import { and, count, eq, inArray } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import * as schema from "~/db/schema";
import { getAuth } from "~/modules/accounts/better-auth.server";
import type { BookingStatus } from "~/modules/lifecycle/booking-status";
import { syncTestPrices } from "~/modules/catalog/offers.server";
import { storeReferralFile } from "~/modules/booking/referral-upload.server";
import { resultTimeHours } from "~/modules/catalog/result-time";
import { demoOffersForTest, seededRandom } from "~/seed/demo-offers";
import { createAccount, insertBlogPost, insertCategory, insertLab, insertTest } from "~/seed/factories.server";
import { seedDemoSearchTerms, seedDemoTestContents } from "~/seed/demo-search.server";
import { seedDemoResults } from "~/seed/demo-results.server";
import { refreshBookingCounts } from "~/modules/catalog/test-popularity.server";
import { saveBusinessSettings } from "~/modules/invoices/business-settings.server";
import { seedBlogPosts, seedCategories, seedLabs, seedResources, seedTests, type SeedLab } from "~/seed/seed-data";
import { slugify } from "~/utils/slug";
import { todayInDubai } from "~/utils/dubai-date";
import { aedToFils } from "~/utils/money";
import { DEFAULT_LOCALE, DEFAULT_SITE_DESCRIPTION, DEFAULT_SITE_TITLE } from "~/modules/seo/seo-defaults";

/**
 * Which demo tests ask for a doctor's referral before booking (issue 26), as the footer says:
 * genetic tests an uploaded referral, health check-up packages a doctor's name.
 */
export function demoReferralRequirement(category: string): "none" | "doctor_name" | "upload" {
  if (category === "Genetic Testing") return "upload";
  if (category === "Executive Health") return "doctor_name";
  return "none";
}

export const DEMO_ACCOUNTS = {
  admin: { email: "admin@labtesthub.ae", password: "LabAdmin#2026" },
  customer: { email: "customer@labtesthub.ae", password: "Customer#2026" },
  /** Manager of the first two demo labs (by name) in the partner portal. */
  labManager: { email: "manager@labtesthub.ae", password: "LabManager#2026" },
  /** Staff member of the same two labs. */
  labStaff: { email: "staff@labtesthub.ae", password: "LabStaff#2026" },
} as const;

/** How many demo labs (the first by name) the demo lab manager and staff member work for. */
export const DEMO_MEMBER_LABS = 2;

const DAY = 24 * 60 * 60 * 1000;

/** True when the catalogue is empty, i.e. on the first run against a new database. */
/** The demo seller's particulars (a made-up TRN of 15 digits). */
export const DEMO_BUSINESS_SETTINGS = {
  legalName: "LabTest Hub Healthcare Services L.L.C.",
  legalNameAr: "لاب تست هب للخدمات الصحية ذ.م.م",
  address: "Office 1204, Al Maryah Tower, Al Maryah Island, Abu Dhabi, United Arab Emirates",
  trn: "100234567800003",
  invoicePrefix: "INV",
  creditNotePrefix: "CN",
};

export async function databaseIsEmpty(executor: Executor) {
  const [row] = await executor.select({ n: count() }).from(schema.testCategories);
  return row.n === 0;
}

/** Loads the demo catalogue, content and settings, and the two demo accounts (with the customer's bookings) unless `accounts` is false. */
export async function seedDemoData(executor: Executor, { accounts = true }: { accounts?: boolean } = {}) {
  const categoryIds = new Map<string, string>();
  for (const category of seedCategories) {
    const row = await insertCategory(executor, category);
    categoryIds.set(category.name, row.id);
  }
  const labRows = [];
  for (const lab of seedLabs) labRows.push(await insertLab(executor, labValues(lab)));

  const now = Date.now();
  let index = 0;
  const testIds: string[] = [];
  for (const test of seedTests) {
    // Spread creation times so "newest first" lists have a stable, meaningful order.
    const createdAt = new Date(now - (seedTests.length - index++) * 60 * 60 * 1000);
    const row = await insertTest(executor, {
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
      nameAr: test.nameAr ?? null,
      descriptionAr: test.descriptionAr ?? null,
      preparationInstructionsAr: test.preparationInstructionsAr ?? null,
      whyYouNeedThisTestAr: test.whyYouNeedThisTestAr ?? null,
      isFeatured: test.featured,
      referralRequirement: demoReferralRequirement(test.category),
      createdAt,
      updatedAt: createdAt,
    });
    testIds.push(row.id);
  }
  await seedDemoOffers(
    executor,
    testIds,
    labRows.filter((lab) => lab.isActive).map((lab) => ({ id: lab.id, homeCollection: lab.homeCollectionFeeFils !== null })),
  );
  await seedDemoTestContents(executor);
  await seedDemoSearchTerms(executor);

  for (const post of seedBlogPosts) {
    const createdAt = new Date(now - post.daysAgo * DAY);
    await insertBlogPost(executor, {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      content: post.content.join("\n"),
      titleAr: post.titleAr ?? null,
      excerptAr: post.excerptAr ?? null,
      contentAr: post.contentAr?.join("\n") ?? null,
      authorAr: post.authorAr ?? null,
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
      siteTitle: DEFAULT_SITE_TITLE,
      siteDescription: DEFAULT_SITE_DESCRIPTION,
      siteLocale: DEFAULT_LOCALE,
      contactPhone: "+971 2 555 0100",
      contactEmail: "support@labtesthub.ae",
    })
    .onConflictDoNothing();

  // The seller's particulars, so the demo issues tax invoices at once (issue 29).
  await saveBusinessSettings(DEMO_BUSINESS_SETTINGS, executor);

  if (!accounts) return;
  await createAccount(executor, {
    ...DEMO_ACCOUNTS.admin,
    name: "Demo Admin",
    admin: true,
    profile: { firstName: "Demo", lastName: "Admin", phone: "+971 50 000 0001" },
  });
  const customer = await createAccount(executor, {
    ...DEMO_ACCOUNTS.customer,
    name: "Aisha Al Mansoori",
    profile: { firstName: "Aisha", lastName: "Al Mansoori", phone: "+971 50 123 4567" },
  });
  await seedDemoBookings(executor, customer.id);
  await seedDemoLabMembers(executor);
  // Released results at the first two labs (the demo members' labs): a trend, one value High.
  const resultLabs = await executor.select({ id: schema.labs.id }).from(schema.labs).orderBy(schema.labs.name).limit(DEMO_MEMBER_LABS);
  await seedDemoResults(executor, customer.id, resultLabs.map((lab) => lab.id));
  await refreshBookingCounts(executor);
}

/** The demo lab manager and staff member, each a member of the first two labs by name. */
async function seedDemoLabMembers(executor: Executor) {
  const memberLabs = await executor.select({ id: schema.labs.id }).from(schema.labs).orderBy(schema.labs.name).limit(DEMO_MEMBER_LABS);
  const manager = await createAccount(executor, {
    ...DEMO_ACCOUNTS.labManager,
    name: "Mariam Al Hashimi",
    profile: { firstName: "Mariam", lastName: "Al Hashimi", phone: "+971 50 000 0002" },
  });
  const staff = await createAccount(executor, {
    ...DEMO_ACCOUNTS.labStaff,
    name: "Rahul Menon",
    profile: { firstName: "Rahul", lastName: "Menon", phone: "+971 50 000 0003" },
  });
  await executor.insert(schema.labMembers).values(
    memberLabs.flatMap((lab) => [
      { labId: lab.id, userId: manager.id, role: "manager" as const },
      { labId: lab.id, userId: staff.id, role: "staff" as const },
    ]),
  );
}

export type DemoAccount = { role: keyof typeof DEMO_ACCOUNTS; email: string; password: string };

/** The demo accounts this database holds (by e-mail), for the start-up banner. */
export async function existingDemoAccounts(executor: Executor): Promise<DemoAccount[]> {
  const emails = Object.values(DEMO_ACCOUNTS).map((account) => account.email);
  const rows = await executor.select({ email: schema.user.email }).from(schema.user).where(inArray(schema.user.email, emails));
  const present = new Set(rows.map((row) => row.email));
  return (Object.entries(DEMO_ACCOUNTS) as [DemoAccount["role"], (typeof DEMO_ACCOUNTS)[DemoAccount["role"]]][])
    .filter(([, account]) => present.has(account.email))
    .map(([role, account]) => ({ role, ...account }));
}

/**
 * The e-mail addresses of the admin accounts whose password is still one the README publishes
 * (the demo admin's or the demo customer's): on a public site anybody could sign in with it.
 * Costs a password hash check (about 0.3 s) per admin and published password.
 */
export async function adminsWithDemoPassword(executor: Executor): Promise<string[]> {
  const admins = await executor
    .select({ email: schema.user.email, hash: schema.account.password })
    .from(schema.userRoles)
    .innerJoin(schema.user, eq(schema.user.id, schema.userRoles.userId))
    .innerJoin(schema.account, and(eq(schema.account.userId, schema.user.id), eq(schema.account.providerId, "credential")))
    .where(eq(schema.userRoles.role, "admin"));
  const { password } = await getAuth().$context;
  const published = Object.values(DEMO_ACCOUNTS).map((account) => account.password);
  const exposed: string[] = [];
  for (const admin of admins) {
    if (!admin.hash) continue;
    for (const candidate of published) {
      if (await password.verify({ hash: admin.hash, password: candidate })) {
        exposed.push(admin.email);
        break;
      }
    }
  }
  return [...new Set(exposed)];
}

/** A demo lab's row: its slug from its name (its page is /labs/{slug}), the fee in fils. */
export function labValues(lab: SeedLab) {
  const { homeCollectionFeeAed, ...fields } = lab;
  return {
    ...fields,
    slug: slugify(lab.name),
    homeCollectionFeeFils: homeCollectionFeeAed === null ? null : aedToFils(homeCollectionFeeAed),
  };
}

const DEMO_OFFERS_SEED = 11;
const OFFER_BATCH = 1_000;

/**
 * Every demo test is offered by 2-8 of the active labs (deterministic), then each test's price
 * becomes its lowest offer's (decision 0011).
 */
async function seedDemoOffers(executor: Executor, testIds: string[], labs: { id: string; homeCollection: boolean }[]) {
  const random = seededRandom(DEMO_OFFERS_SEED);
  const rows = seedTests.flatMap((test, i) =>
    demoOffersForTest(random, aedToFils(test.priceAed), resultTimeHours(test.resultTime), labs).map((offer) => ({
      ...offer,
      testId: testIds[i],
    })),
  );
  for (let i = 0; i < rows.length; i += OFFER_BATCH) {
    await executor.insert(schema.labOffers).values(rows.slice(i, i + OFFER_BATCH));
  }
  await syncTestPrices(executor, testIds);
}

/** A one-page PDF standing for a doctor's referral letter. */
const DEMO_REFERRAL_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** A few single-test bookings of the demo customer, so the dashboard and the admin list are not empty. */
async function seedDemoBookings(executor: Executor, userId: string) {
  const [someTests, someLabs] = await Promise.all([
    executor.select({ id: schema.tests.id }).from(schema.tests).orderBy(schema.tests.name).limit(5),
    executor.select({ id: schema.labs.id }).from(schema.labs).orderBy(schema.labs.name).limit(3),
  ]);
  const patient = { patientName: "Aisha Al Mansoori", patientEmail: DEMO_ACCOUNTS.customer.email, patientPhone: "+971 50 123 4567" };
  // The first two are today at the first lab: the partner portal's demo worklist.
  const bookings: { daysFromToday: number; status: BookingStatus; scheduledTime: string; lab: number }[] = [
    { daysFromToday: 0, status: "pending", scheduledTime: "10:00", lab: 0 },
    { daysFromToday: 0, status: "confirmed", scheduledTime: "16:30", lab: 0 },
    { daysFromToday: 3, status: "pending", scheduledTime: "09:00", lab: 0 },
    { daysFromToday: 10, status: "confirmed", scheduledTime: "11:30", lab: 1 },
    { daysFromToday: -20, status: "completed", scheduledTime: "08:00", lab: 2 },
  ];
  // What the lab needs of her (issue 26): date of birth and sex on all but the oldest booking (made
  // before they were asked), and on the first a doctor's referral, named and uploaded.
  // Sealed as a customer's upload is (health data).
  const referralFileId = await storeReferralFile(executor, userId, { contentType: "application/pdf", bytes: DEMO_REFERRAL_PDF });
  await executor.insert(schema.bookings).values(
    bookings.map((booking, i) => ({
      ...patient,
      ...(booking.daysFromToday >= 0 ? { patientDateOfBirth: "1990-04-12", patientSex: "female" as const } : {}),
      ...(i === 0 ? { referralDoctorName: "Amal Saeed", referralFileId } : {}),
      userId,
      testId: someTests[i]?.id ?? null,
      labId: someLabs[booking.lab]?.id ?? null,
      status: booking.status,
      scheduledTime: booking.scheduledTime,
      scheduledDate: dubaiDatePlusDays(booking.daysFromToday),
      createdAt: new Date(Date.now() - (bookings.length - i) * 60_000),
    })),
  );
}

function dubaiDatePlusDays(days: number) {
  const date = new Date(`${todayInDubai()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
