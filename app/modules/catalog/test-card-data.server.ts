import { eq, type SQL } from "drizzle-orm";
import { db } from "~/db/db.server";
import { tests } from "~/db/schema";
import { countTests } from "~/modules/catalog/test-counts.server";
import { htmlToPlainText } from "~/utils/sanitize-html";

/** What a test card shows: the cart summary plus plain-text description and result time. */
export type TestCardData = {
  id: string;
  name: string;
  nameAr: string | null;
  slug: string;
  priceFils: number;
  featuredImage: string | null;
  description: string;
  descriptionAr: string | null;
  resultTime: string | null;
  /** Labs offering the test ("at N labs"); 0 when it has no offers (its own price, no "from"). */
  offerCount: number;
};

const CARD_DESCRIPTION_LENGTH = 180;

/** The columns a card is made from, for `select(cardColumns)`. */
export const cardColumns = {
  id: tests.id,
  name: tests.name,
  nameAr: tests.nameAr,
  slug: tests.slug,
  priceFils: tests.priceFils,
  featuredImage: tests.featuredImage,
  description: tests.description,
  descriptionAr: tests.descriptionAr,
  resultTime: tests.resultTime,
  offerCount: tests.offerCount,
};

type TestRow = {
  id: string;
  name: string;
  slug: string;
  priceFils: number;
  featuredImage: string | null;
  description: string | null;
  nameAr?: string | null;
  descriptionAr?: string | null;
  resultTime: string | null;
  offerCount?: number | null;
};

const cardText = (html: string | null | undefined) => {
  const text = htmlToPlainText(html ?? null);
  return text.length > CARD_DESCRIPTION_LENGTH ? `${text.slice(0, CARD_DESCRIPTION_LENGTH).trimEnd()}…` : text;
};

export function toTestCard(row: TestRow): TestCardData {
  return {
    id: row.id,
    name: row.name,
    nameAr: row.nameAr ?? null,
    slug: row.slug,
    priceFils: row.priceFils,
    featuredImage: row.featuredImage,
    resultTime: row.resultTime,
    offerCount: row.offerCount ?? 0,
    description: cardText(row.description),
    descriptionAr: row.descriptionAr ? cardText(row.descriptionAr) : null,
  };
}

/**
 * One page of test cards, in one category or in all (categoryId null), in `order`; the asked-for
 * page is clamped to the last one. Counting goes through countTests (cached for large lists).
 */
export async function cardPage(categoryId: string | null, order: SQL, askedPage: number, pageSize: number) {
  const total = await countTests(categoryId);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(askedPage, pageCount);
  const rows =
    total === 0
      ? []
      : await db
          .select(cardColumns)
          .from(tests)
          .where(categoryId ? eq(tests.categoryId, categoryId) : undefined)
          .orderBy(order)
          .limit(pageSize)
          .offset((page - 1) * pageSize);
  return { tests: rows.map(toTestCard), total, page, pageCount };
}
