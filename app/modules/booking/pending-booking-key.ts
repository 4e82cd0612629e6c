/** The sessionStorage key of a visitor's booking draft, kept apart so the root layout can look for one without loading the booking schemas. */
export const PENDING_BOOKING_KEY = "pendingBooking";
