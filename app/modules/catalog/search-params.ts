// The search page's state lives in its URL; this file reads and writes it (server and browser).
import { stripControlCharacters } from "~/utils/control-characters";

export const SEARCH_PAGE_SIZE = 9;
/** Longer queries are cut before they reach the database. */
export const MAX_QUERY_LENGTH = 200;

export const SORT_OPTIONS = [
  { value: "name-asc", label: "Name A-Z" },
  { value: "name-desc", label: "Name Z-A" },
  { value: "price-asc", label: "Price low-high" },
  { value: "price-desc", label: "Price high-low" },
  { value: "result_time-asc", label: "Result Time fastest" },
  { value: "result_time-desc", label: "Result Time slowest" },
] as const;

export type SortValue = (typeof SORT_OPTIONS)[number]["value"];
const DEFAULT_SORT: SortValue = "name-asc";

export type SearchState = {
  q: string;
  /** A well-formed category id, or null when absent. */
  categoryId: string | null;
  /** True when the URL named a category that cannot exist (not a uuid). */
  invalidCategory: boolean;
  page: number;
  sort: SortValue;
  /** True when the visitor chose a sort; otherwise queries are ranked by relevance. */
  sortChosen: boolean;
  /** Only tests offered by this lab (its slug), or null. */
  lab: string | null;
  /** Only tests offered by a lab in this area of Abu Dhabi (with `home`: a lab collecting at home there), or null. */
  area: string | null;
  /** Only tests some lab collects at home. */
  home: boolean;
};

/** The lab, area and home-collection filters of a search, as its URL carries them. */
export type OfferFilters = Pick<SearchState, "lab" | "area" | "home">;

/** The choices of the lab and area filters (listLabFilterOptions in labs/lab-directory.server.ts reads them). */
export type LabFilterOptions = {
  labs: { slug: string; name: string; nameAr: string | null }[];
  /** Areas with a lab, or served by a lab's home collection, A-Z. */
  areas: string[];
};

/** Longer area names are cut (the longest real one is far shorter). */
const MAX_AREA_LENGTH = 80;
const LAB_SLUG = /^[a-z0-9-]{1,200}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | null | undefined): value is string {
  return !!value && UUID.test(value);
}

/** A page number from user input: anything that is not a positive whole number becomes 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return 1;
  return Math.max(1, Number(value.trim()));
}

/** The query as the page shows it and keeps in its address: no control characters, single spaces, at most 200 characters (the search itself reads its normal form, search-query.ts normaliseQuery). */
function tidyQuery(value: string | null): string {
  return stripControlCharacters(value ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH).trim();
}

export function parseSearchState(params: URLSearchParams): SearchState {
  const rawSort = params.get("sort");
  const sort = SORT_OPTIONS.find((option) => option.value === rawSort)?.value;
  const rawCategory = params.get("category")?.trim() || null;
  return {
    q: tidyQuery(params.get("q")),
    categoryId: isUuid(rawCategory) ? rawCategory.toLowerCase() : null,
    invalidCategory: rawCategory !== null && !isUuid(rawCategory),
    page: parsePage(params.get("page")),
    sort: sort ?? DEFAULT_SORT,
    sortChosen: !!sort,
    ...parseOfferFilters(params),
  };
}

/** The lab (a slug), area and home-collection filters; malformed values are dropped. */
export function parseOfferFilters(params: URLSearchParams): OfferFilters {
  const lab = params.get("lab")?.trim().toLowerCase() || null;
  const area = stripControlCharacters(params.get("area") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_AREA_LENGTH).trim();
  return {
    lab: lab && LAB_SLUG.test(lab) ? lab : null,
    area: area || null,
    home: params.get("home") === "1",
  };
}

export function hasOfferFilters(filters: OfferFilters): boolean {
  return !!filters.lab || !!filters.area || filters.home;
}

/** The search URL for a state; default values are left out so URLs stay short and shareable. */
export function searchHref(state: {
  q?: string;
  categoryId?: string | null;
  page?: number;
  sort?: SortValue | null;
  lab?: string | null;
  area?: string | null;
  home?: boolean;
}) {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.categoryId) params.set("category", state.categoryId);
  if (state.lab) params.set("lab", state.lab);
  if (state.area) params.set("area", state.area);
  if (state.home) params.set("home", "1");
  if (state.sort) params.set("sort", state.sort);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `/search?${query}` : "/search";
}
