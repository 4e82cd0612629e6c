import { and, desc, eq, isNotNull } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings } from "~/db/schema";
import { getSavedHomeAddress } from "~/modules/accounts/saved-patients.server";
import { parseOfferFilters } from "~/modules/catalog/search-params";
import type { AreaSource } from "~/modules/booking/booking-options";

/**
 * The area a signed-in patient is most likely at when the page names none (issue 26, "Home
 * collection that tells the truth"): the area of the home address saved on the account, else
 * the area of their last home-collection booking; null when neither is known.
 */
export async function knownPatientArea(userId: string): Promise<{ area: string; source: Exclude<AreaSource, "page"> } | null> {
  const saved = (await getSavedHomeAddress(userId)).homeArea?.trim();
  if (saved) return { area: saved, source: "address" };
  const [last] = await db
    .select({ area: bookings.homeArea })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.collectionType, "home"), isNotNull(bookings.homeArea)))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(1);
  const area = last?.area?.trim();
  return area ? { area, source: "booking" } : null;
}

/**
 * The area the booking form and the product page work with: the page's own (`?area=`, from the
 * search's filter or the product page; an empty `?area=` is the patient's "every lab"), else the
 * signed-in patient's known area.
 */
export async function chosenArea(params: URLSearchParams, userId: string | null): Promise<{ area: string; source: AreaSource } | null> {
  if (params.has("area")) {
    const { area } = parseOfferFilters(params);
    return area ? { area, source: "page" } : null;
  }
  return userId ? knownPatientArea(userId) : null;
}
