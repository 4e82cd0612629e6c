import { Link } from "react-router";

export function NotFoundView() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>404 - Page Not Found | LabTest Hub</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-4xl font-bold">404 - Page Not Found</h1>
      <p className="mt-4 text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="mt-8 font-medium text-primary underline underline-offset-4">
        Return to Home
      </Link>
    </section>
  );
}
