// Issue 26, "Arabic, finished": what is booked on an Arabic page is written to in Arabic, and the
// card page's Cancel comes back to the Arabic checkout (decision 0058).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, orders, profiles } from "~/db/schema";
import { createAccount, insertTest } from "~/seed/factories.server";
import { changeCart } from "~/modules/cart/cart.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { createBooking } from "~/modules/booking/create-booking.server";
import { ProfileSchema, updateProfile } from "~/modules/accounts/profile-update.server";
import { loadBookingFacts, loadOrderFacts } from "~/modules/notifications/message-facts.server";
import { messageLanguage } from "~/modules/notifications/message-facts";
import { cancelUrl, demoProvider, successUrl } from "~/modules/payments/card-provider.server";
import { settleDemoCheckout } from "~/modules/payments/demo-checkout.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { parseEnv } from "~/utils/env.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

const details = patientDetails("Layla Hassan", { scheduledTime: "10:00" });
const demoEnv = () => parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });

async function customerWithCart() {
  const customer = await createAccount(db);
  const test = await insertTest(db, { priceFils: 12_000, nameAr: "فيتامين د" });
  await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
  return { customer, test };
}

describe("the language of a booking's messages", () => {
  it("is the page's: an order placed on an Arabic page by an English-profile customer is written to in Arabic", async () => {
    const { customer } = await customerWithCart();
    const order = await placeCashOnDeliveryOrder(customer.id, details, undefined, "ar");
    expect((await loadOrderFacts(order.id))?.language).toBe("ar");
    const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    const facts = await loadBookingFacts(booking.id);
    expect(facts?.language).toBe("ar");
    expect(facts?.testName).toBe("فيتامين د");
  });

  it("is English for an order placed on an English page", async () => {
    const { customer } = await customerWithCart();
    const order = await placeCashOnDeliveryOrder(customer.id, details, undefined, "en");
    expect((await loadOrderFacts(order.id))?.language).toBe("en");
  });

  it("is the profile's once the customer chose a language there", async () => {
    const { customer } = await customerWithCart();
    // Saving the profile without changing its language is not a choice.
    await updateProfile(customer.id, ProfileSchema.parse({ firstName: "Layla", lastName: "", phone: "", language: "en" }));
    const arabicPage = await placeCashOnDeliveryOrder(customer.id, details, undefined, "ar");
    expect((await loadOrderFacts(arabicPage.id))?.language).toBe("ar");

    await updateProfile(customer.id, ProfileSchema.parse({ firstName: "Layla", lastName: "", phone: "", language: "ar" }));
    await updateProfile(customer.id, ProfileSchema.parse({ firstName: "Layla", lastName: "", phone: "", language: "en" }));
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, customer.id));
    expect(profile.languageChosenAt).not.toBeNull();
    expect((await loadOrderFacts(arabicPage.id))?.language).toBe("en");
  });

  it("is the page's for a test booked on its own (Book Test)", async () => {
    const customer = await createAccount(db);
    const test = await insertTest(db, { priceFils: 9_000 });
    const booking = await createBooking(customer.id, test.id, details, "ar");
    expect((await loadBookingFacts(booking.id))?.language).toBe("ar");
  });

  it("falls back to the profile's language for what was made before pages' languages were kept", () => {
    expect(messageLanguage({ page: null, profile: "ar", chosenAt: null })).toBe("ar");
    expect(messageLanguage({ page: null, profile: null, chosenAt: null })).toBe("en");
    expect(messageLanguage({ page: "ar", profile: "en", chosenAt: null })).toBe("ar");
    expect(messageLanguage({ page: "ar", profile: "en", chosenAt: new Date() })).toBe("en");
  });
});

describe("the card page's way back", () => {
  it("keeps /ar: the Arabic checkout's card page returns to the Arabic payment return page, paid or cancelled", async () => {
    const env = demoEnv();
    expect(cancelUrl(env, "ar")).toBe("http://localhost:3999/ar/payment-success?canceled=true");
    expect(successUrl(env, "ar")).toBe("http://localhost:3999/ar/payment-success?success=true&session_id={CHECKOUT_SESSION_ID}");
    expect(cancelUrl(env)).toBe("http://localhost:3999/payment-success?canceled=true");

    const { customer } = await customerWithCart();
    const { orderId } = await startCardPayment(demoProvider(env), customer.id, details, env, "ar");
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.language).toBe("ar");
    expect(await settleDemoCheckout(customer.id, order.paymentSessionId!, { intent: "cancel" })).toEqual({
      redirectTo: "/ar/payment-success?canceled=true",
    });
  });

  it("stays English for an English checkout", async () => {
    const env = demoEnv();
    const { customer } = await customerWithCart();
    const { orderId } = await startCardPayment(demoProvider(env), customer.id, details, env);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(await settleDemoCheckout(customer.id, order.paymentSessionId!, { intent: "cancel" })).toEqual({
      redirectTo: "/payment-success?canceled=true",
    });
  });
});
