import { useCallback } from "react";
import { data, Link, useNavigate } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/book";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { BookingForm, type BookingActionData } from "~/modules/booking/booking-form";
import { createBooking, TestNotFoundError } from "~/modules/booking/create-booking.server";
import { findTestSummary } from "~/modules/booking/test-summary.server";
import { fieldErrors, PatientDetailsSchema } from "~/modules/booking/schemas";
import { getUser } from "~/utils/auth.server";
import { formatAed } from "~/utils/money";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `Book ${loaderData?.test.name ?? "a test"} | LabTest Hub` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) {
    throw await redirectWithToast(`/auth?redirect=${encodeURIComponent(`/book/${params.testId}`)}`, {
      type: "error",
      title: "Authentication required",
      description: "Please sign in to book a test",
    });
  }
  const test = z.uuid().safeParse(params.testId).success ? await findTestSummary(params.testId) : null;
  if (!test) throw await redirectWithToast("/", { type: "error", title: "Failed to load test details" });
  return { test };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) {
    return data<BookingActionData>({ ok: false, error: "Please sign in to book a test" }, { status: 401 });
  }
  const parsed = PatientDetailsSchema.safeParse(await readForm(request));
  if (!parsed.success) return data<BookingActionData>({ ok: false, errors: fieldErrors(parsed.error) }, { status: 400 });
  if (!z.uuid().safeParse(params.testId).success) {
    return data<BookingActionData>({ ok: false, error: "Failed to load test details" }, { status: 404 });
  }
  try {
    const booking = await createBooking(user.id, params.testId, parsed.data);
    return data<BookingActionData>({ ok: true, bookingId: booking.id });
  } catch (error) {
    if (error instanceof TestNotFoundError) {
      return data<BookingActionData>({ ok: false, error: "Failed to load test details" }, { status: 404 });
    }
    throw error;
  }
}

export default function BookTestPage({ loaderData }: Route.ComponentProps) {
  const { test } = loaderData;
  const navigate = useNavigate();
  const goToDashboard = useCallback(() => navigate("/dashboard"), [navigate]);
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Book a Test</h1>
      <Card>
        <CardHeader>
          <CardTitle>{test.name}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-4">
          {test.featuredImage ? (
            <img src={test.featuredImage} alt="" width={80} height={80} className="size-20 rounded-md object-cover" loading="lazy" />
          ) : null}
          <p className="text-xl font-semibold text-primary">{formatAed(test.priceFils)}</p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Patient details</CardTitle>
        </CardHeader>
        <CardContent>
          <BookingForm
            test={test}
            onBooked={goToDashboard}
            cancel={
              <Button asChild variant="outline">
                <Link to={`/product/${test.slug}`}>Cancel</Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
