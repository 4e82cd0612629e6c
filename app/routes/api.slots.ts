import { data } from "react-router";
import type { Route } from "./+types/api.slots";
import { bookingOptions, readBookingQuery } from "~/modules/booking/booking-options.server";
import { accountBookingsOn } from "~/modules/booking/day-bookings.server";
import { chosenArea } from "~/modules/booking/patient-area.server";
import { getUser } from "~/modules/accounts/guards.server";

/**
 * GET /api/slots?test=&lab=&type=walk_in|home&date=YYYY-MM-DD[&area=|&myArea=1]: the labs offering the test
 * (cheapest first) and the chosen lab's slots that day (free or full; past and too-soon ones left
 * out). With an area (the page's ?area=, or with myArea=1 the signed-in patient's saved address or last booking: the booking form's),
 * home collection only at the labs collecting there. With a date, a signed-in patient's own active
 * bookings that day. For the booking form and checkout lines; never cached, since slots fill up.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = readBookingQuery(params);
  const wanted = params.has("test") && (params.has("area") || params.get("myArea") === "1");
  const userId = wanted || query.date ? ((await getUser(request))?.id ?? null) : null;
  const area = wanted ? await chosenArea(params, userId) : null;
  const options = await bookingOptions(query, area);
  const dayBookings = userId && query.date ? await accountBookingsOn(userId, query.date) : undefined;
  return data({ ...options, dayBookings }, { headers: { "Cache-Control": "private, no-store" } });
}
