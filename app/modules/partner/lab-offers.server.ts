// A lab's own offers in the partner portal (its managers): the admin's offers screen, its add,
// edit and delete, import and export, each limited to the scope's lab. The writes are the
// catalogue's (manage-offers, offers.server, the offer import): the test's lowest price follows
// in the same transaction and the change goes to the price history with the member's name; the
// successful post empties every process's page cache (server/page-cache.ts).
import { z } from "zod";
import { runCrudAction, type Crud } from "~/modules/admin/crud-action.server";
import { createOffer, DUPLICATE_OFFER_MESSAGE, editOffer, labOffersPage, OfferFormServerSchema, removeOffer, testsToOffer } from "~/modules/catalog/manage-offers.server";
import { findLab } from "~/modules/catalog/manage-labs.server";
import { priceHistoryOfLab } from "~/modules/catalog/price-history.server";
import { exportOffers } from "~/modules/import-export/export-offers.server";
import { importOffersFromRequest } from "~/modules/import-export/import-offers.server";
import { importToasts } from "~/modules/import-export/import-report";
import { memberActor, type ManagerScope } from "~/modules/partner/lab-scope.server";
import type { OfferFileFormat } from "~/modules/import-export/offer-file";

/** The offers screen of the scope's lab: one page of its offers (inactive ones too), searched by test name. */
export function ownOffersPage(scope: ManagerScope, query: { q: string; page: number }) {
  return labOffersPage(scope.labId, query);
}

/** Tests the lab does not offer yet, matching the search (the add-offer form's choices). */
export function testsToOfferAt(scope: ManagerScope, search: string) {
  return testsToOffer(scope.labId, search);
}

/** Add, edit and delete of the lab's own offers: another lab's offer id finds nothing. */
function ownOfferCrud(scope: ManagerScope): Crud<typeof OfferFormServerSchema> {
  return {
    entity: "offer",
    schema: OfferFormServerSchema,
    create: (input, actor) => createOffer({ ...input, labId: scope.labId }, actor),
    update: (id, input, actor) => editOffer(id, { ...input, labId: scope.labId }, actor),
    remove: (id, actor) => removeOffer(id, actor, scope.labId),
    duplicateMessage: DUPLICATE_OFFER_MESSAGE,
  };
}

/** The offers screen's posts. The lab is the scope's, whatever lab the form names. */
export function runOwnOfferAction(scope: ManagerScope, form: Record<string, unknown>) {
  return runCrudAction({ ...form, labId: scope.labId }, ownOfferCrud(scope), memberActor(scope));
}

/** Imports a CSV or JSON file of the lab's own offers: a row of another lab is refused. */
export async function importOwnOffers(scope: ManagerScope, request: Request) {
  const outcome = await importOffersFromRequest(request, { labId: scope.labId, by: memberActor(scope) });
  return { outcome, toasts: importToasts(outcome) };
}

export const ExportQuerySchema = z.object({ format: z.enum(["csv", "json"]).catch("csv") });

/** The lab's own offers as a file (the admin export's format, one lab). */
export async function exportOwnOffers(scope: ManagerScope, format: OfferFileFormat) {
  const lab = await findLab(scope.labId);
  return lab ? exportOffers(format, lab.slug) : null;
}

/** One page of the lab's price history, newest first. */
export function ownPriceHistory(scope: ManagerScope, page: number) {
  return priceHistoryOfLab(scope.labId, page);
}
