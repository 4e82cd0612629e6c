import { and, asc, eq, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { cartItems, labOffers, labs, orders, tests } from "~/db/schema";
import { isOpenOrder } from "~/modules/lifecycle/open-order.server";

const qb = new QueryBuilder();

/**
 * The lab whose offer a cart line is bought from (decision 0011): the lab the patient chose, when
 * it has a live offer of the test for the line's collection type; otherwise the cheapest such
 * offer (ties by lab name, as the comparison lists them). No row when the test has no live offer
 * for that collection type: the line is then priced at the test's own price, without a lab.
 * Joined LATERAL to cart_items (`.leftJoinLateral(lineOffer, sql\`true\`)`); one lookup on
 * lab_offers_test_active_price_idx per line.
 */
export const lineOffer = qb
  .select({
    labId: sql<string>`${labOffers.labId}`.as("offer_lab_id"),
    priceFils: sql<number>`${labOffers.priceFils}`.mapWith(Number).as("offer_price_fils"),
    labName: sql<string>`${labs.name}`.as("offer_lab_name"),
    labNameAr: sql<string | null>`${labs.nameAr}`.as("offer_lab_name_ar"),
    homeCollectionFeeFils: sql<number | null>`${labs.homeCollectionFeeFils}`
      .mapWith((value) => (value === null ? null : Number(value)))
      .as("offer_home_fee_fils"),
    homeCollectionAreas: sql<string[]>`${labs.homeCollectionAreas}`.as("offer_home_areas"),
  })
  .from(labOffers)
  .innerJoin(labs, eq(labs.id, labOffers.labId))
  .where(
    and(
      eq(labOffers.testId, cartItems.testId),
      // The flags as they are, not compared with a bound `true`: PostgreSQL can then tell, without
      // the value, that lab_offers_test_active_price_idx (partial, where is_active) applies, and a
      // prepared query of the cart reuses its plan instead of planning again on every page view
      // (the root loader reads the cart on every signed-in page).
      sql`${labOffers.isActive}`,
      sql`${labs.isActive}`,
      sql`case when coalesce(${cartItems.collectionType}, 'walk_in') = 'home'
               then ${labOffers.homeCollection} and ${labs.homeCollectionFeeFils} is not null
               else ${labOffers.walkIn} end`,
    ),
  )
  .orderBy(sql`(${labOffers.labId} = ${cartItems.labId}) desc nulls last`, asc(labOffers.priceFils), asc(labs.name))
  .limit(1)
  .as("line_offer");

/**
 * Whether a cart line still carries the unit price of the order it was resumed from: only while
 * that order is open, the line has the quantity it was resumed with, and it is still bought from
 * the lab that order bought it from (decision 0007; the lab condition since decision 0011).
 * Needs cart_items joined with lineOffer.
 */
export const honoursResumedPrice = () => sql<boolean>`(
  ${cartItems.unitPriceFils} is not null
  and ${cartItems.quantity} = ${cartItems.resumedQuantity}
  and exists (
    select 1 from ${orders}
    where ${orders.id} = ${cartItems.resumedFromOrderId} and ${orders.userId} = ${cartItems.userId} and ${isOpenOrder()}
  )
  and exists (
    select 1 from order_items resumed_item
    where resumed_item.order_id = ${cartItems.resumedFromOrderId} and resumed_item.test_id = ${cartItems.testId}
      and resumed_item.kind = 'test' and resumed_item.lab_id is not distinct from ${lineOffer.labId}
  )
)`;

/**
 * The unit price a cart line is charged at, in fils: the resumed price where it is honoured,
 * otherwise the price of the line's lab offer (the chosen lab, or the cheapest), otherwise the
 * catalogue's. The cart page and order creation both use it, so the cart shows exactly what
 * checkout charges. Needs cart_items joined with tests and lineOffer.
 */
export const cartUnitPriceFils = () =>
  sql<number>`case when ${honoursResumedPrice()} then ${cartItems.unitPriceFils}
    when ${lineOffer.priceFils} is not null then ${lineOffer.priceFils}
    else ${tests.priceFils} end`.mapWith(Number);

/**
 * A line's lab (chosen or cheapest, from lineOffer; null without offers) and the patient's choices
 * for it: the columns checkout shows and the order is placed from.
 */
export const lineLabColumns = {
  labId: lineOffer.labId,
  labName: lineOffer.labName,
  labNameAr: lineOffer.labNameAr,
  homeCollectionFeeFils: lineOffer.homeCollectionFeeFils,
  homeCollectionAreas: lineOffer.homeCollectionAreas,
  chosenLabId: cartItems.labId,
  collectionType: cartItems.collectionType,
  slotStart: cartItems.slotStart,
  homeAddress: cartItems.homeAddress,
  homeArea: cartItems.homeArea,
  /** The saved patients of the line's units (issue 26); the other units are the details step's patient. */
  patientIds: cartItems.patientIds,
  /** What the test asks for before booking (issue 26), and the referral given for the line at checkout. */
  referralRequirement: tests.referralRequirement,
  referralDoctorName: cartItems.referralDoctorName,
  referralFileId: cartItems.referralFileId,
};
