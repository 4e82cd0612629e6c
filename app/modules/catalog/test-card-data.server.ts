import { tests } from "~/db/schema";
import { htmlToPlainText } from "~/modules/content/sanitize-html";

/** What a test card shows: the cart summary plus plain-text description and result time. */
export type TestCardData = {
  id: string;
  name: string;
  slug: string;
  priceFils: number;
  featuredImage: string | null;
  description: string;
  resultTime: string | null;
};

const CARD_DESCRIPTION_LENGTH = 180;

/** The columns a card is made from, for `select(cardColumns)`. */
export const cardColumns = {
  id: tests.id,
  name: tests.name,
  slug: tests.slug,
  priceFils: tests.priceFils,
  featuredImage: tests.featuredImage,
  description: tests.description,
  resultTime: tests.resultTime,
};

type TestRow = {
  id: string;
  name: string;
  slug: string;
  priceFils: number;
  featuredImage: string | null;
  description: string | null;
  resultTime: string | null;
};

export function toTestCard(row: TestRow): TestCardData {
  const text = htmlToPlainText(row.description);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    priceFils: row.priceFils,
    featuredImage: row.featuredImage,
    resultTime: row.resultTime,
    description: text.length > CARD_DESCRIPTION_LENGTH ? `${text.slice(0, CARD_DESCRIPTION_LENGTH).trimEnd()}…` : text,
  };
}
