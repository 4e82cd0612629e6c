import { Form, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { getProfile } from "~/modules/accounts/profile.server";
import { requireUser } from "~/utils/auth.server";

export const meta: Route.MetaFunction = () => [
  { title: "My Dashboard | LabTest Hub" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const profile = await getProfile(user.id);
  return { email: user.email, emailVerified: user.emailVerified, profile };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { profile, email, emailVerified } = loaderData;
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">My Dashboard</h1>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="secondary">
              Logout
            </Button>
          </Form>
        </div>
      </div>
      {!emailVerified ? (
        <p role="status" className="mt-6 rounded-md border border-warning/40 bg-warning/5 p-3 text-sm">
          Please confirm your e-mail address: we sent a link to {email}.
        </p>
      ) : null}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Profile</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-1 text-sm">
          <p>
            <span className="text-muted-foreground">Name: </span>
            {name || "Not set"}
          </p>
          <p>
            <span className="text-muted-foreground">Email: </span>
            {email}
          </p>
          <p>
            <span className="text-muted-foreground">Phone: </span>
            {profile?.phone || "Not set"}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
