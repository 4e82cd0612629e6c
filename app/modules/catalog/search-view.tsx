import { ArrowLeft, Search, SlidersHorizontal } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { useNameTranslator } from "~/i18n/use-name";
import { useState } from "react";
import { useNavigation } from "react-router";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { TFunction } from "~/i18n/i18n";
import { pathWithoutLanguage, textOrder } from "~/i18n/languages";
import { localizedField } from "~/i18n/localized-field";
import { Form, Link } from "~/i18n/link";
import { useLanguage } from "~/i18n/use-language";
import { Pagination } from "~/components/pagination";
import { TestCard, TestCardSkeleton, type TestActions } from "~/modules/catalog/test-card";
import { areaQuery } from "~/modules/catalog/area-offers";
import { reportResultClick } from "~/modules/catalog/search-click";
import { Button, buttonVariants } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import { SearchBox } from "~/modules/catalog/search-box";
import { useAutoSubmit } from "~/components/use-auto-submit";
import { cn } from "~/utils/cn";
import { SharedMarkup } from "~/utils/shared-markup";
import { SORT_OPTIONS, hasOfferFilters, searchHref, type LabFilterOptions, type SearchState } from "~/modules/catalog/search-params";
import type { CategoryOption, SearchResult } from "~/modules/catalog/search-tests.server";

export const SKELETON_CARDS = 6;

export type SearchViewProps = {
  state: SearchState;
  result: SearchResult;
  categories: CategoryOption[];
  categoryName: string | null;
  filterOptions: LabFilterOptions;
  testActions: TestActions;
  /** What the test actions show besides the tests (the visitor's cart, say), so that the cards can be rendered once for everyone alike; null when they are this visitor's own. */
  testActionsVariant: string | null;
};

/** The lab, area and home-collection filters of a state, to carry over into every link and form. */
const offerFiltersOf = (state: SearchState) => ({ lab: state.lab, area: state.area, home: state.home });

function HiddenOfferFilters({ state }: { state: SearchState }) {
  return (
    <>
      {state.lab ? <input type="hidden" name="lab" value={state.lab} /> : null}
      {state.area ? <input type="hidden" name="area" value={state.area} /> : null}
      {state.home ? <input type="hidden" name="home" value="1" /> : null}
    </>
  );
}

export function searchHeading(t: TFunction<"catalog">, q: string, categoryName: string | null) {
  if (q) return t('Search Results for "{{q}}"', { q });
  if (categoryName) return t("{{category}} Tests", { category: categoryName });
  return t("All Lab Tests");
}

function RefineForm({ state }: { state: SearchState }) {
  const { t } = useTranslation("catalog");
  return (
    <Form method="get" action="/search" role="search" className="flex w-full max-w-xl gap-2">
      <label htmlFor="refine-search" className="sr-only">
        {t("Refine your search")}
      </label>
      <SearchBox
        key={state.q}
        id="refine-search"
        name="q"
        type="search"
        defaultValue={state.q}
        maxLength={200}
        placeholder={t("Refine your search...")}
        wrapperClassName="w-full"
        className={inputClassName({ tall: true })}
      />
      {state.categoryId ? <input type="hidden" name="category" value={state.categoryId} /> : null}
      {state.sortChosen ? <input type="hidden" name="sort" value={state.sort} /> : null}
      <HiddenOfferFilters state={state} />
      <Button type="submit" size="tall">
        <Search aria-hidden /> {t("Search")}
      </Button>
    </Form>
  );
}

// The sort and the filters are two forms, each carrying the other's values: a change in one
// submits what the other shows, even before the page of an earlier change has come in.
const SORT_FORM_ID = "search-sort";
const FILTER_FORM_ID = "search-filters";

function SortForm({ state }: { state: SearchState }) {
  const { t } = useTranslation("catalog");
  const autoSubmit = useAutoSubmit({ liveControlsOf: FILTER_FORM_ID });
  return (
    <Form {...autoSubmit} id={SORT_FORM_ID} method="get" action="/search" className="flex items-center gap-2 lg:justify-self-end">
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {state.categoryId ? <input type="hidden" name="category" value={state.categoryId} /> : null}
      <HiddenOfferFilters state={state} />
      <label htmlFor="sort" className="text-sm font-medium whitespace-nowrap">
        {t("Sort by")}
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={state.sortChosen ? state.sort : ""}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
      >
        {state.q ? <option value="">{t("Best match")}</option> : null}
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </select>
      {/* Only where scripts do not run: a button hidden at hydration would move the page under the visitor. */}
      <Button type="submit" variant="outline" size="sm" className="scripting:hidden">
        {t("Apply")}
      </Button>
    </Form>
  );
}

const selectClass =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring sm:w-52";

/** Filters by lab, area and home collection (issue 11): a GET form, so they live in the URL and work without JavaScript. */
function OfferFilterForm({ state, options }: { state: SearchState; options: LabFilterOptions }) {
  const { t } = useTranslation("catalog");
  const language = useLanguage();
  const placeName = useNameTranslator();
  const autoSubmit = useAutoSubmit({ liveControlsOf: SORT_FORM_ID });
  const labs = options.labs.some((lab) => lab.slug === state.lab) || !state.lab ? options.labs : [...options.labs, { slug: state.lab, name: state.lab, nameAr: null }];
  const areas = options.areas.some((area) => area.toLowerCase() === state.area?.toLowerCase()) || !state.area ? options.areas : [...options.areas, state.area];
  const selectedArea = areas.find((area) => area.toLowerCase() === state.area?.toLowerCase()) ?? "";
  // The value stays the English name (the address's); the text is the page's language, in its order.
  const areaChoices = areas.map((area) => ({ area, text: placeName(area) })).sort((a, b) => textOrder(language)(a.text, b.text));
  return (
    <Form
      {...autoSubmit}
      id={FILTER_FORM_ID}
      method="get"
      action="/search"
      aria-label={t("Filter by lab, area and home collection")}
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {state.categoryId ? <input type="hidden" name="category" value={state.categoryId} /> : null}
      {state.sortChosen ? <input type="hidden" name="sort" value={state.sort} /> : null}
      <div className="flex flex-col gap-1">
        <label htmlFor="filter-lab" className="text-sm font-medium">
          {t("Lab")}
        </label>
        <select id="filter-lab" name="lab" defaultValue={state.lab ?? ""} className={selectClass}>
          <option value="">{t("All labs")}</option>
          {labs.map((lab) => (
            <option key={lab.slug} value={lab.slug}>
              {localizedField(lab.name, lab.nameAr, language).text}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="filter-area" className="text-sm font-medium">
          {t("Area")}
        </label>
        <select id="filter-area" name="area" defaultValue={selectedArea} className={selectClass}>
          <option value="">{t("All areas")}</option>
          {areaChoices.map(({ area, text }) => (
            <option key={area} value={area}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <div className="flex h-10 items-center gap-2">
        <input
          id="filter-home"
          name="home"
          type="checkbox"
          value="1"
          defaultChecked={state.home}
          className="size-4 accent-primary"
        />
        <label htmlFor="filter-home" className="text-sm font-medium">
          {t("Home collection")}
        </label>
      </div>
      <Button type="submit" variant="outline" className="scripting:hidden">
        {t("Filter results")}
      </Button>
    </Form>
  );
}

function CategoryFilters({ state, categories }: { state: SearchState; categories: CategoryOption[] }) {
  const { t } = useTranslation("catalog");
  const language = useLanguage();
  const sort = state.sortChosen ? state.sort : null;
  const filters = offerFiltersOf(state);
  const chip = (active: boolean) =>
    cn(
      "inline-flex h-9 shrink-0 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors",
      active ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-accent",
    );
  return (
    // One scrollable row on small screens, wrapped on large ones.
    <nav aria-label={t("Filter by category")} className="-mb-2 flex min-w-0 items-center gap-2 overflow-x-auto pb-2 lg:flex-wrap">
      <Link to={searchHref({ q: state.q, sort, ...filters })} className={chip(!state.categoryId)} aria-current={!state.categoryId ? "true" : undefined}>
        {t("All")}
      </Link>
      {categories.map((category) => {
        const active = state.categoryId === category.id;
        return (
          <Link
            key={category.id}
            to={searchHref({ q: state.q, categoryId: category.id, sort, ...filters })}
            className={chip(active)}
            aria-current={active ? "true" : undefined}
          >
            {/* A chip is a link's whole name: an untranslated one is marked English. */}
            <span lang={localizedField(category.name, category.nameAr, language).lang}>{localizedField(category.name, category.nameAr, language).text}</span>
          </Link>
        );
      })}
      {state.q || state.categoryId || hasOfferFilters(state) ? (
        <Link to="/search" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          {t("Clear Filters")}
        </Link>
      ) : null}
    </nav>
  );
}

/** The category chips, the sort and the lab, area and home-collection filters. */
function SearchFilters({ state, categories, filterOptions }: Pick<SearchViewProps, "state" | "categories" | "filterOptions">) {
  return (
    <>
      {/* A fixed column for the sort on wide screens: the browser lays the chips out before the
          sort form has arrived, and a column sized by it would rewrap them (a layout shift). */}
      <div className="mt-8 flex flex-col gap-4 border-y py-4 lg:grid lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-center">
        <div className="flex min-w-0 items-start gap-3">
          <SlidersHorizontal className="mt-2 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <CategoryFilters state={state} categories={categories} />
        </div>
        <SortForm state={state} />
      </div>
      <div className="border-b py-4">
        <OfferFilterForm state={state} options={filterOptions} />
      </div>
    </>
  );
}

/** The search results page (spec: search results, section 9). */
export function SearchView({ state, result, categories, categoryName, filterOptions, testActions, testActionsVariant }: SearchViewProps) {
  const { t } = useTranslation("catalog");
  const language = useLanguage();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && pathWithoutLanguage(navigation.location.pathname) === "/search";
  const category = categories.find((option) => option.id === state.categoryId);
  const shownCategoryName = category ? localizedField(category.name, category.nameAr, language).text : categoryName;
  const sort = state.sortChosen ? state.sort : null;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = [state.categoryId, state.lab, state.area, state.home].filter(Boolean).length;
  // The same for everyone who asks the same search in the same language (but their cart): rendered
  // once on the server, as long as the shared answer lives.
  return (
    <SharedMarkup
      data={result}
      variant={testActionsVariant === null ? null : `${language} ${JSON.stringify(state)} ${testActionsVariant}`}
      className="mx-auto max-w-7xl px-4 py-8 sm:py-12"
    >
      <Link to="/" className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ms-3")}>
        <ArrowLeft className="rtl:rotate-180" aria-hidden /> {t("Back to Home")}
      </Link>
      <div className="mt-4 flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{searchHeading(t, state.q, shownCategoryName)}</h1>
          <p className="mt-2 text-muted-foreground" aria-live="polite">
            {t("{{count}} tests found", { count: result.total })}
          </p>
          {result.correctedQuery ? (
            <p className="mt-1 text-sm text-muted-foreground">
              {t("Showing results for")} &ldquo;{result.correctedQuery}&rdquo;
            </p>
          ) : null}
        </div>
        <RefineForm state={state} />
      </div>

      {/* On a phone the results come first: the filters and the sort open from a button into a
          dialog (issue 26). Without scripts, and from md up, they stay on the page. */}
      <div className="mt-4 hidden max-md:scripting:flex">
        <Button type="button" variant="outline" onClick={() => setFiltersOpen(true)} aria-haspopup="dialog">
          <SlidersHorizontal aria-hidden /> {t("Filters and sort")}
          {activeFilters > 0 ? <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground">{activeFilters}</span> : null}
        </Button>
      </div>
      {filtersOpen ? (
        <Dialog open onOpenChange={setFiltersOpen}>
          <DialogContent
            aria-describedby={undefined}
            className="max-md:top-auto max-md:bottom-0 max-md:max-h-[85vh] max-md:w-full max-md:translate-y-0 max-md:rounded-b-none"
          >
            <DialogHeader>
              <DialogTitle>{t("Filters and sort")}</DialogTitle>
            </DialogHeader>
            <SearchFilters state={state} categories={categories} filterOptions={filterOptions} />
            <Button type="button" onClick={() => setFiltersOpen(false)}>
              {t("Show results")}
            </Button>
          </DialogContent>
        </Dialog>
      ) : (
        <div className="max-md:scripting:hidden">
          <SearchFilters state={state} categories={categories} filterOptions={filterOptions} />
        </div>
      )}

      {loading ? (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t("Loading results")}>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <TestCardSkeleton key={index} />
          ))}
        </div>
      ) : result.tests.length === 0 ? (
        <div className="mt-12 flex flex-col items-center rounded-lg border border-dashed px-6 py-16 text-center">
          <Search className="size-10 text-muted-foreground" aria-hidden />
          <p className="mt-4 text-lg font-medium">{t("No tests match your search criteria")}</p>
          <Link to="/search" className={cn(buttonVariants({ variant: "outline" }), "mt-6")}>
            {t("Clear Filters")}
          </Link>
        </div>
      ) : (
        <>
          <h2 className="sr-only">{t("Results")}</h2>
          {/* A followed result is counted for the query (decision 0033). */}
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" onClick={state.q ? (event) => reportResultClick(event, state.q) : undefined}>
            {result.tests.map((test) => (
              <TestCard key={test.id} test={test} actions={testActions} productQuery={areaQuery(state)} />
            ))}
          </div>
          <Pagination
            page={result.page}
            pageCount={result.pageCount}
            hrefFor={(page) => searchHref({ q: state.q, categoryId: state.categoryId, sort, page, ...offerFiltersOf(state) })}
          />
        </>
      )}
    </SharedMarkup>
  );
}
