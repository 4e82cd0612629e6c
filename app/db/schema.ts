// The whole schema in one object for Drizzle's relational queries and better-auth's adapter.
export * from "~/db/schema/accounts";
export * from "~/db/schema/analytics";
export * from "~/db/schema/auth";
export * from "~/db/schema/catalog";
export * from "~/db/schema/commerce";
export * from "~/db/schema/content";
export * from "~/db/schema/invoices";
export * from "~/db/schema/partner";
export * from "~/db/schema/results";
export * from "~/db/schema/search";
export * from "~/db/schema/seo";
export * from "~/db/schema/system";
export * from "~/db/schema/webhooks";
