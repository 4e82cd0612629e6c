import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useFormResult } from "~/utils/form-result";
import type { BookingActionData } from "~/modules/booking/booking-form";
import { PENDING_BOOKING_KEY } from "~/modules/booking/pending-booking-key";
import { CSRF_FIELD, useCsrfToken } from "~/components/csrf-field";

/** Once someone is signed in, submits the booking they started as a visitor (then forgets it). */
export function PendingBookingSubmitter({ signedIn }: { signedIn: boolean }) {
  const fetcher = useFetcher<BookingActionData>();
  const { submit } = fetcher;
  const csrf = useCsrfToken();

  useEffect(() => {
    if (!signedIn || !csrf || !window.sessionStorage.getItem(PENDING_BOOKING_KEY)) return;
    // Loaded only when there is a draft: it brings the booking schemas (and Zod) with it.
    void import("~/modules/booking/pending-booking").then(({ takePendingBooking }) => {
      const pending = takePendingBooking();
      if (!pending) return;
      // Saved by a visitor, so without the session's token.
      pending.formData.set(CSRF_FIELD, csrf);
      void submit(pending.formData, { method: "post", action: `/book/${pending.testId}` });
    });
  }, [signedIn, csrf, submit]);

  // /book's toast: "Success", or "Error" with the reason (the first refused field's message).
  useFormResult(fetcher.data);
  return null;
}
