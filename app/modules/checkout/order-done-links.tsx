import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** Where to go once an order is placed or paid. */
export function OrderDoneLinks() {
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button asChild>
        <Link to="/dashboard">View My Orders</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">Back to Home</Link>
      </Button>
    </div>
  );
}
