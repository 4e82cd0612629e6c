import { data } from "react-router";
import type { Route } from "./+types/booking.referral";
import { referralFileOfBooking, referralResponse } from "~/modules/booking/referral-file.server";
import { requireLabMember } from "~/modules/partner/lab-scope.server";

/**
 * GET /partner/{labId}/bookings/{bookingId}/referral: the doctor's referral uploaded with the
 * booking, for the members of the booking's lab (staff and managers); 404 for any other booking.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId);
  const file = await referralFileOfBooking(params.bookingId, { labId: scope.labId });
  if (!file) throw data("Not Found", { status: 404 });
  return referralResponse(file);
}
