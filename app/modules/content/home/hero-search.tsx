import { Search, X } from "~/components/ui/icons";
import { useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "~/i18n/link";
import { Button } from "~/components/ui/button";
import { MAX_QUERY_LENGTH } from "~/modules/catalog/search-params";
import { SearchBox } from "~/modules/catalog/search-box";

/** The hero's search box: submits to /search?q=...; the X button clears it; suggests as you type. */
export function HeroSearch() {
  const { t } = useTranslation("home");
  const [query, setQuery] = useState("");
  const input = useRef<HTMLInputElement>(null);
  return (
    <Form method="get" action="/search" role="search" className="flex w-full max-w-xl flex-col gap-2 sm:flex-row">
      <label htmlFor="hero-search" className="sr-only">
        {t("Search for lab tests")}
      </label>
      <SearchBox
        inputRef={input}
        id="hero-search"
        name="q"
        type="text"
        inputMode="search"
        maxLength={MAX_QUERY_LENGTH}
        value={query}
        onValueChange={setQuery}
        placeholder={t("Search for tests, e.g. Vitamin D")}
        wrapperClassName="flex-1"
        className="h-12 w-full rounded-md border border-input bg-background ps-10 pe-10 text-base shadow-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
      >
        <Search className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden />
        {query ? (
          <button
            type="button"
            aria-label={t("Clear search")}
            onClick={() => {
              setQuery("");
              input.current?.focus();
            }}
            className="absolute end-2 top-1/2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </SearchBox>
      <Button type="submit" size="xl">
        {t("Search Tests")}
      </Button>
    </Form>
  );
}
