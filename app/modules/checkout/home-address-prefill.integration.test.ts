import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart } from "~/modules/cart/cart.server";
import { checkoutLineViews } from "~/modules/checkout/line-choices.server";
import { saveHomeAddress } from "~/modules/accounts/saved-patients.server";

describe("checkout and the saved home address (issue 26)", () => {
  it("fills a line's home-collection address and area from the address saved on the account", async () => {
    const customer = await createAccount(db);
    const lab = await insertLab(db, { area: "Al Karamah", homeCollectionFeeFils: 30_00, homeCollectionAreas: ["Al Mushrif"] });
    const test = await insertTest(db, { name: "Lipid Panel", priceFils: 100_00 });
    await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 100_00, walkIn: true, homeCollection: true, isActive: true });
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    expect((await checkoutLineViews(customer.id, null))[0]).toMatchObject({ homeAddress: null, homeArea: null });

    await saveHomeAddress(customer.id, {
      homeArea: "Al Mushrif",
      homeBuilding: "Villa 12",
      homeFlat: "3",
      homeLandmark: "Mushrif Mall",
      homeLatitude: null,
      homeLongitude: null,
      phone: "+971501234567",
    });
    expect((await checkoutLineViews(customer.id, null))[0]).toMatchObject({ homeAddress: "Villa 12, Flat 3, near Mushrif Mall", homeArea: "Al Mushrif" });
  });
});
