import { useCallback, useState, type ReactNode } from "react";
import { useFetcher, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { useFormResult, type FormResult } from "~/utils/form-result";
import type { TestSummary } from "~/modules/catalog/test-summary";
import { PatientDetailsFields } from "~/modules/booking/patient-details-fields";
import { savePendingBooking } from "~/modules/booking/pending-booking";
import { fieldErrors, PatientDetailsSchema, type PatientDetailsErrors } from "~/modules/booking/schemas";

/** /book's answer: the booking's id when it worked (the refused fields travel as `fieldErrors`). */
export type BookingExtra = { bookingId: string };
export type BookingActionData = FormResult<BookingExtra>;

function useSignedIn() {
  const root = useRouteLoaderData("root") as { user: unknown } | undefined;
  return Boolean(root?.user);
}

/**
 * The booking form of the /book page and the Book Now dialog. A visitor's answers are kept as
 * the pending draft and submitted after they sign in; a customer's go to /book/{testId}.
 */
export function BookingForm({ test, cancel, onBooked }: { test: TestSummary; cancel: ReactNode; onBooked?: () => void }) {
  const signedIn = useSignedIn();
  const fetcher = useFetcher<BookingActionData>();
  const navigate = useNavigate();
  const location = useLocation();
  // Bumped after a booking: the fields remount empty (time back to 09:00).
  const [formKey, setFormKey] = useState(0);
  // The browser's own check of the last submit; null once the form went to the server.
  const [clientErrors, setClientErrors] = useState<PatientDetailsErrors | null>(null);
  const busy = fetcher.state !== "idle";
  const booked = useCallback(() => {
    setFormKey((key) => key + 1);
    onBooked?.();
  }, [onBooked]);
  const serverErrors = useFormResult(fetcher.data, booked);
  const errors = clientErrors ?? (busy ? {} : serverErrors);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const formData = new FormData(form);
    const parsed = PatientDetailsSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setClientErrors(found);
      if (found.scheduledDate && !formData.get("scheduledDate")) {
        toast.error("Error", { description: "Please select a date" });
      }
      const firstInvalid = Object.keys(found)[0];
      if (firstInvalid) form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setClientErrors(null);
    if (!signedIn) {
      savePendingBooking(test, formData);
      toast("Create account to continue", { description: "Please create an account to complete your booking" });
      navigate(`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    fetcher.submit(formData, { method: "post", action: `/book/${test.id}` });
  }

  return (
    <form method="post" action={`/book/${test.id}`} noValidate onSubmit={onSubmit} className="grid gap-6">
      <PatientDetailsFields key={formKey} idPrefix={`book-${test.id}`} errors={errors} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={busy}>
          {busy ? "Booking..." : "Book Test"}
        </Button>
      </div>
    </form>
  );
}
