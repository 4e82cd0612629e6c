import { data } from "react-router";
import type { Route } from "./+types/booking.referral";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { referralFileOfBooking, referralResponse } from "~/modules/booking/referral-file.server";

/** GET /admin/bookings/{bookingId}/referral: the booking's referral file (admins only); 404 when it has none. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const file = await referralFileOfBooking(params.bookingId, { admin: true });
  if (!file) throw data("Referral not found", { status: 404 });
  return referralResponse(file);
}
