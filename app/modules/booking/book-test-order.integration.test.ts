import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookedMessage, createBooking } from "~/modules/booking/create-booking.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { ordersForUser } from "~/modules/orders/order-history.server";
import { orderStatusWords } from "~/modules/lifecycle/patient-status";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

// Issue 26, "The money": every Book Test booking belongs to an order that Order History shows.
const everyDay = Object.fromEntries(weekdays.map((day) => [day, { open: "08:00", close: "14:00" }])) as OpeningHours;
const DAY = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });

describe("Book Test makes an order of one line", () => {
  it("a home collection at a dearer lab: the order has the lab's price and the fee, is paid in cash, and the message says what, when, where and what is due", async () => {
    const lab = await insertLab(db, {
      name: "Home Lab",
      openingHours: everyDay,
      homeCollectionFeeFils: 4_000,
      homeCollectionAreas: ["Al Mushrif"],
      homeSlotMinutes: 60,
      homeCapacity: 2,
    });
    const test = await insertTest(db, { name: "Vitamin D", priceFils: 10_000 });
    await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 23_500, walkIn: false, homeCollection: true, isActive: true });
    const customer = await createAccount(db);
    const booking = await createBooking(customer.id, test.id, {
      ...patientDetails("Layla Haddad", { scheduledDate: DAY, scheduledTime: "11:00" }),
      labId: lab.id,
      collectionType: "home",
      homeAddress: "Villa 12",
      homeArea: "Al Mushrif",
    });
    expect(booking.orderId).toEqual(expect.any(String));
    expect(booking.dueFils).toBe(27_500);

    const [order] = await ordersForUser(customer.id);
    expect(order).toMatchObject({ id: booking.orderId, totalAmountFils: 27_500, paymentMethod: "cash_on_delivery", bookingStatuses: ["pending"] });
    expect(order.items.map((item) => [item.kind, item.totalPriceFils])).toEqual(
      expect.arrayContaining([
        ["test", 23_500],
        ["home_collection_fee", 4_000],
      ]),
    );
    expect(orderStatusWords(order, order.bookingStatuses)).toBe("Booked, awaiting lab confirmation");

    const message = bookedMessage(booking, "en");
    expect(message).toContain("Your booking has been submitted successfully");
    expect(message).toContain("Vitamin D at Home Lab");
    expect(message).toContain("at 11:00");
    expect(message).toContain("To pay at the visit: AED 275.00 (VAT included)");
    expect(bookedMessage(booking, "ar")).toMatch(/[\u0600-\u06FF]/);
  });
});
