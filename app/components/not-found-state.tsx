import { useEffect } from "react";
import { Link } from "~/i18n/link";
import { buttonVariants } from "~/components/ui/button";
import { showFormToast } from "~/utils/form-result";
import { useMessageTranslator } from "~/i18n/use-message";

type NotFoundStateProps = {
  title: string;
  message: string;
  actionLabel: string;
  actionTo: string;
  /** A toast shown as well (spec error catalogue, e.g. 'Test not found'). */
  toast?: string;
};

/** What a missing product, category or post shows (its loader answers with HTTP 404), in the page's language. */
export function NotFoundState({ title, message, actionLabel, actionTo, toast }: NotFoundStateProps) {
  const translate = useMessageTranslator();
  useEffect(() => {
    if (toast) showFormToast({ type: "error", title: toast });
  }, [toast]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{translate(title)}</h1>
      <p className="mt-4 text-muted-foreground">{translate(message)}</p>
      <Link to={actionTo} className={buttonVariants({ className: "mt-8" })}>
        {translate(actionLabel)}
      </Link>
    </section>
  );
}
