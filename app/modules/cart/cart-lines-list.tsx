import { FlaskConical, Minus, Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { formatAed } from "~/utils/money";
import type { CartLine } from "./cart-line";
import { useCart } from "./cart-context";

/** The cart's lines with plus / minus and remove (the /cart page). */
export function CartLinesList({ lines }: { lines: CartLine[] }) {
  const cart = useCart();
  return (
    <ul className="divide-y rounded-lg border" aria-label="Cart items">
      {lines.map((line) => (
        <li key={line.test_id} className="flex flex-wrap items-center gap-4 p-4">
          {line.featured_image ? (
            <img src={line.featured_image} alt="" className="size-16 rounded-md object-cover" loading="lazy" />
          ) : (
            <span className="flex size-16 items-center justify-center rounded-md bg-muted" aria-hidden>
              <FlaskConical className="size-6 text-muted-foreground" />
            </span>
          )}
          <div className="min-w-40 flex-1">
            <p className="font-medium">{line.name}</p>
            <p className="text-sm text-muted-foreground">{formatAed(line.price)} each</p>
          </div>
          <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${line.name}`}>
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label={`Decrease quantity of ${line.name}`}
              onClick={() => cart.updateQuantity(line.test_id, line.quantity - 1)}
            >
              <Minus aria-hidden />
            </Button>
            <span className="min-w-8 text-center tabular-nums" aria-live="polite">
              {line.quantity}
            </span>
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label={`Increase quantity of ${line.name}`}
              onClick={() => cart.updateQuantity(line.test_id, line.quantity + 1)}
            >
              <Plus aria-hidden />
            </Button>
          </div>
          <p className="w-28 whitespace-nowrap text-end font-semibold tabular-nums">{formatAed(line.price * line.quantity)}</p>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove ${line.name} from cart`}
            onClick={() => cart.removeFromCart(line.test_id)}
          >
            <Trash2 aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}
