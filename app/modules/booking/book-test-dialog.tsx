// INTERIM: replaced by the commerce work (issue 4) with the real booking dialog.
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { TestSummary } from "~/modules/catalog/test-summary";

export function BookTestDialog({ test, label = "Book Now" }: { test: TestSummary; label?: string; className?: string }) {
  return (
    <Button asChild variant="outline">
      <Link to={`/book/${test.id}`}>{label}</Link>
    </Button>
  );
}
