import { data } from "react-router";
import type { Route } from "./+types/api.slots";
import { bookingOptions, readBookingQuery } from "~/modules/booking/booking-options.server";

/**
 * GET /api/slots?test=&lab=&type=walk_in|home&date=YYYY-MM-DD: the labs offering the test
 * (cheapest first) and the chosen lab's slots that day (free or full; past and too-soon ones left
 * out). For the booking form and checkout lines; never cached, since slots fill up.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = readBookingQuery(new URL(request.url).searchParams);
  return data(await bookingOptions(query), { headers: { "Cache-Control": "private, no-store" } });
}
