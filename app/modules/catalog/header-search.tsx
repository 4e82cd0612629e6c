import { Search } from "~/components/ui/icons";
import { inputClassName } from "~/components/ui/input";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "~/i18n/link";
import { SearchBox } from "~/modules/catalog/search-box";
import { MAX_QUERY_LENGTH } from "~/modules/catalog/search-params";

/** The site header's search box (Enter searches; suggestions as you type). */
export function HeaderSearch({ id, className }: { id: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/search" role="search" className={className}>
      <label htmlFor={id} className="sr-only">
        {t("Find a test or a lab")}
      </label>
      <SearchBox
        id={id}
        name="q"
        type="search"
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t("Search tests, labs...")}
        className={inputClassName({ className: "ps-9" })}
      >
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      </SearchBox>
    </Form>
  );
}
