import { z } from "zod";
import { AllowedHostsSchema } from "~/utils/allowed-hosts.server";
import { TrustProxySchema } from "~/utils/client-address.server";

const flag = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

const optionalUrl = z.url().optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Unset: embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Use an in-memory PGlite database (tests). */
  PGLITE_MEMORY: flag.default(false),
  /** The public origin (https://labtesthub.ae); page requests to another host or protocol are redirected to it, others refused. */
  SITE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
  /** Without SITE_URL: host names the site answers under besides this machine's own (see allowed-hosts.server.ts). */
  ALLOWED_HOSTS: AllowedHostsSchema,
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  REQUIRE_EMAIL_VERIFICATION: flag.default(false),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_", "must start with sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "must start with whsec_").optional(),
  /** Where the Stripe SDK sends requests; only changed by tests that run a local fake. */
  STRIPE_API_URL: optionalUrl,
  ENABLE_DEMO_PAYMENTS: flag.optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional(),
  MAIL_FROM: z.string().min(3).default("LabTest Hub <no-reply@labtesthub.ae>"),
  AI_API_KEY: z.string().optional(),
  AI_BASE_URL: optionalUrl,
  AI_MODEL: z.string().optional(),
  INDEXNOW_KEY: z.string().optional(),
  /** Let webhooks reach loopback and private addresses (development and tests only). */
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  SEED_DEMO_DATA: flag.optional(),
  /** Create the demo admin and customer (README's passwords) with the demo data; unset: not on an https SITE_URL. */
  SEED_DEMO_ACCOUNTS: flag.optional(),
  /** Which proxies' X-Forwarded-For to believe for the client address (see client-address.server.ts). */
  TRUST_PROXY: TrustProxySchema,
  /**
   * The bearer token a Prometheus scrape of /metrics must send (docs/operations/metrics.md).
   * Unset: /metrics answers only requests from this machine (loopback); anyone else gets a 404.
   */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Accounts one client (address, or IPv6 /64) may try to create per hour. */
  SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** How long anonymous visitors may be served a cached public page (0 turns the cache off). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /**
   * The longest that data the same for every visitor (search results, product details, category and
   * lab pages, suggestions) is kept without news from the change feed (0 turns it off).
   */
  DATA_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** How long a card payment holds its collection slots before the release job frees them. */
  SLOT_HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** The share (percent) of a card payment kept when a customer cancels a booking less than 24 hours ahead. */
  LATE_CANCELLATION_FEE_PERCENT: z.coerce.number().int().min(0).max(100).default(25),
  /** How far ahead (days after today in Abu Dhabi) a booking may be made or moved to. */
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(730).default(90),
  /** Open unpaid bookings (cash on delivery, Book Test, a card checkout's held lines) one account may have at once. */
  MAX_UNPAID_BOOKINGS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
  /** Units of one lab slot one account may hold at once (its bookings and card holds there). */
  MAX_SLOT_UNITS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(2),
  /** Lets the end-to-end tests move the app's slot clock forward (/api/test-clock); refused in production on a database server. */
  ENABLE_TEST_CLOCK: flag.default(false),
  /** Seconds between background-job polls; tests shorten it. */
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  /** The key that seals lab results (32 bytes: 64 hex digits or base64); generated into DATA_DIR when unset (embedded and development only). */
  RESULTS_ENCRYPTION_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, "must be 32 bytes as 64 hex digits or base64")
    .optional(),
  /** Older results keys, comma-separated, still used to open rows sealed before a rotation. */
  RESULTS_ENCRYPTION_OLD_KEYS: z.string().optional(),
  /** Where result files are kept: the database (default) or S3-compatible object storage. */
  RESULTS_STORAGE: z.enum(["db", "s3"]).default("db"),
  RESULTS_S3_BUCKET: z.string().optional(),
  RESULTS_S3_ENDPOINT: optionalUrl,
  RESULTS_S3_REGION: z.string().default("us-east-1"),
  RESULTS_S3_ACCESS_KEY_ID: z.string().optional(),
  RESULTS_S3_SECRET_ACCESS_KEY: z.string().optional(),
  RESULTS_S3_FORCE_PATH_STYLE: flag.default(false),
});

export type Env = z.infer<typeof EnvSchema> & {
  /** SITE_URL without its trailing slash; unset, each request's own origin is the site's (see site-url.server.ts). */
  siteUrl: string | undefined;
  embedded: boolean;
  /** SITE_URL is an https address: a site on the internet, where demo conveniences must be asked for. */
  publicSite: boolean;
  demoPayments: boolean;
  /** Whether the demo accounts, whose passwords the README publishes, are wanted (SEED_DEMO_ACCOUNTS). */
  demoAccounts: boolean;
};

/** Parses the environment; throws an Error naming every wrong variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset so that `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const embedded = !env.DATABASE_URL;
  const production = env.NODE_ENV === "production";
  if (production && !embedded && !env.BETTER_AUTH_SECRET) {
    throw new Error(
      "Invalid environment configuration:\n  BETTER_AUTH_SECRET: required in production with DATABASE_URL",
    );
  }
  // Links in e-mails and payment return addresses need the public address; a server behind a
  // balancer cannot tell it from the requests (decision 0022).
  if (production && !embedded && !env.SITE_URL) {
    throw new Error("Invalid environment configuration:\n  SITE_URL: required in production with DATABASE_URL (the site's public address, e.g. https://labtesthub.ae)");
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET && production && !embedded) {
    throw new Error(
      "Invalid environment configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set in production",
    );
  }
  if (env.ENABLE_TEST_CLOCK && production && !embedded) {
    throw new Error("Invalid environment configuration:\n  ENABLE_TEST_CLOCK: not allowed in production with DATABASE_URL");
  }
  // Results sealed with a key that lives only on one machine's disk would be lost with it (decision 0060).
  if (production && !embedded && !env.RESULTS_ENCRYPTION_KEY) {
    throw new Error("Invalid environment configuration:\n  RESULTS_ENCRYPTION_KEY: required in production with DATABASE_URL (32 bytes as 64 hex digits)");
  }
  if (env.RESULTS_STORAGE === "s3" && !env.RESULTS_S3_BUCKET) {
    throw new Error("Invalid environment configuration:\n  RESULTS_S3_BUCKET: required when RESULTS_STORAGE=s3");
  }
  const siteUrl = env.SITE_URL?.replace(/\/+$/, "");
  // A site on an https address is a public one, whatever its database (decision 0023).
  const publicSite = siteUrl?.startsWith("https://") ?? false;
  // The demo card provider is for the quick start (the embedded run on this machine) and
  // development; a public site or a production deployment on a database server must opt in.
  const demoPayments =
    !env.STRIPE_SECRET_KEY && (env.ENABLE_DEMO_PAYMENTS ?? (!publicSite && (!production || embedded)));
  // Accounts with the README's passwords on a public address are anybody's (decision 0023).
  const demoAccounts = env.SEED_DEMO_ACCOUNTS ?? !publicSite;
  return { ...env, siteUrl, embedded, publicSite, demoPayments, demoAccounts };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests that change process.env: read it again on the next getEnv(). */
export function resetEnvForTests() {
  cached = undefined;
}
