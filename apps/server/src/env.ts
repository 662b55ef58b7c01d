// The only reader of process.env (docs/house-rules.md "Configuration"). Fails fast with every problem listed.
import { z } from 'zod'
import { isSecretsKey } from './lib/secrets.js'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))

const failureRateError = 'must be a number from 0 to 1, e.g. 0.02'

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(z.url().optional()),
    /**
     * With DATABASE_URL through PgBouncer in transaction mode: PostgreSQL itself (or PgBouncer in
     * session mode), for the one connection per instance that needs a session of its own, the
     * session cache's LISTEN (docs/decisions/046-pgbouncer-direct-url.md). Unset = DATABASE_URL.
     */
    DATABASE_DIRECT_URL: optionalString.pipe(
      z
        .url()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    /**
     * 'off' behind PgBouncer before 1.21 in transaction mode (or 1.21+ with max_prepared_statements
     * = 0): the hot reads' named prepared statements run unnamed (db/unnamed-statements.ts, ADR 046).
     */
    DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
    /**
     * 'on': the embedded database (no DATABASE_URL) answers in a worker thread, not on the thread
     * that serves the requests (docs/decisions/053-pglite-in-a-worker-thread.md). A prototype.
     */
    PGLITE_WORKER: z.enum(['on', 'off']).default('off'),
    /**
     * How many /api and /auth/v1 requests are handled at once; the rest wait in arrival order
     * (docs/decisions/054-requests-admitted-in-order.md). Unset: 32 on PostgreSQL, 8 on PGlite.
     */
    MAX_ACTIVE_REQUESTS: optionalString.pipe(
      z.coerce.number<string>().int().min(1).max(10_000).optional(),
    ),
    SITE_URL: optionalString.pipe(z.url().optional()),
    JWT_SECRET: optionalString.pipe(z.string().min(32).optional()),
    ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(3600),
    AUTH_AUTOCONFIRM: optionalString.pipe(bool.optional()),
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default('LocalSEO AI <no-reply@localhost>'),
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
    AI_MODEL: z.string().min(1).default('gpt-3.5-turbo'),
    /** Calls to the configured model per user per UTC day; the built-in engine is not counted. */
    AI_DAILY_QUOTA: z.coerce.number().int().min(0).max(1_000_000).default(100),
    /** How long one model request may take before the docs/product.md §8 fallback answers. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
    /**
     * The instance's default search-results provider (issue 17) for businesses that chose none:
     * 'serpapi' or 'serper' with SERP_API_KEY; without them positions are simulated.
     */
    SERP_PROVIDER: optionalString.pipe(z.enum(['serpapi', 'serper']).optional()),
    SERP_API_KEY: optionalString,
    /** Another address for the provider's API (a proxy, or the fake provider of the tests). */
    SERP_BASE_URL: optionalString.pipe(z.url().optional()),
    /** Provider queries (one per results page) a business may spend per UTC day. */
    SERP_DAILY_QUERY_BUDGET: z.coerce.number().int().min(0).max(1_000_000).default(200),
    /**
     * What one provider query costs, in US dollars (issue 34 item 4): the geo-grid shows a scan's
     * price with it; unset = the provider's public list price (SERP_LIST_PRICES in
     * packages/shared/src/geo-grid.ts).
     */
    SERP_QUERY_PRICE: optionalString.pipe(z.coerce.number<string>().positive().max(100).optional()),
    /** How long one provider request may take before the check fails with 'timed out'. */
    SERP_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(20_000),
    /**
     * The keyword data source (issue 18 item 4, ADR 024): 'dataforseo' with DATAFORSEO_LOGIN and
     * DATAFORSEO_PASSWORD gives real monthly search volume, competition and CPC from Google Ads;
     * without it volumes are the built-in engine's estimates, labelled so.
     */
    KEYWORD_DATA_PROVIDER: optionalString.pipe(z.enum(['dataforseo']).optional()),
    DATAFORSEO_LOGIN: optionalString,
    DATAFORSEO_PASSWORD: optionalString,
    /** DataForSEO's API; another address only for a proxy or the fake provider of the tests. */
    DATAFORSEO_URL: optionalString.pipe(z.url().default('https://api.dataforseo.com')),
    /** How long one keyword data request may take before the screens show the estimate instead. */
    KEYWORD_DATA_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(30_000),
    /**
     * The backlink data source (issue 32 item 4, ADR 032): 'dataforseo' with DATAFORSEO_LOGIN and
     * DATAFORSEO_PASSWORD (at DATAFORSEO_URL) gives each referring domain's rank and spam score when
     * a link is checked; without it no such figure is shown anywhere.
     */
    BACKLINK_DATA_PROVIDER: optionalString.pipe(z.enum(['dataforseo']).optional()),
    /** How long one backlink data request may take before the check goes on without it. */
    BACKLINK_DATA_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(15_000),
    /**
     * 32 bytes (base64 or hex) that seal stored provider keys (lib/secrets.ts). Without it a key is
     * generated into DATA_DIR/secrets.key; with DATABASE_URL it is required to save keys, since every
     * instance must open them.
     */
    SECRETS_KEY: optionalString.pipe(
      z
        .string()
        .refine(isSecretsKey, 'must be 32 bytes, as 64 hex characters or base64')
        .optional(),
    ),
    /**
     * Google OAuth 2.0 client (issue 18, ADR 021; README "Connecting Google"): with both set,
     * 'Connect with Google' opens Google's consent screen; without them the connections are simulated.
     */
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    /** Google's endpoints; other addresses only for a proxy or the fake Google of the tests. */
    GOOGLE_AUTH_URL: optionalString.pipe(
      z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    ),
    GOOGLE_TOKEN_URL: optionalString.pipe(z.url().default('https://oauth2.googleapis.com/token')),
    GOOGLE_REVOKE_URL: optionalString.pipe(z.url().default('https://oauth2.googleapis.com/revoke')),
    GOOGLE_SEARCH_CONSOLE_URL: optionalString.pipe(
      z.url().default('https://www.googleapis.com/webmasters/v3'),
    ),
    /** Google Analytics 4: the Admin API (properties) and the Data API (reports), v1beta below them. */
    GOOGLE_ANALYTICS_ADMIN_URL: optionalString.pipe(
      z.url().default('https://analyticsadmin.googleapis.com'),
    ),
    GOOGLE_ANALYTICS_DATA_URL: optionalString.pipe(
      z.url().default('https://analyticsdata.googleapis.com'),
    ),
    /**
     * Google Business Profile (issue 33, ADR 034): Account Management v1 (accounts), Business
     * Information v1 (locations), My Business v4 (reviews, replies, posts) and Business Profile
     * Performance v1 (daily metrics, search keywords), each with its version in the address.
     */
    GOOGLE_ACCOUNT_MANAGEMENT_URL: optionalString.pipe(
      z.url().default('https://mybusinessaccountmanagement.googleapis.com/v1'),
    ),
    GOOGLE_BUSINESS_INFORMATION_URL: optionalString.pipe(
      z.url().default('https://mybusinessbusinessinformation.googleapis.com/v1'),
    ),
    GOOGLE_MY_BUSINESS_URL: optionalString.pipe(
      z.url().default('https://mybusiness.googleapis.com/v4'),
    ),
    GOOGLE_BUSINESS_PERFORMANCE_URL: optionalString.pipe(
      z.url().default('https://businessprofileperformance.googleapis.com/v1'),
    ),
    TRUST_PROXY: optionalString,
    /** Per-IP request limits and the hourly email cap of /auth/v1 (auth/rate-limit.ts). */
    AUTH_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    /** Emails the server sends per hour in total (GoTrue RATE_LIMIT_EMAIL_SENT). */
    AUTH_EMAILS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
    /** Comma-separated URLs besides SITE_URL that email links may redirect to (same origin, path prefix). */
    AUTH_REDIRECT_URLS: optionalString,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: optionalString,
    /**
     * Turns on GET /metrics (issue 37 item 3, docs/decisions/041-metrics.md) for a scraper that sends
     * `Authorization: Bearer <token>`; unset = no metrics are served (404).
     */
    METRICS_TOKEN: optionalString.pipe(
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    /**
     * How often, in seconds, an instance looks for jobs whose instance died mid-run (past their
     * expiry) and hands them to a retry (pg-boss maintenance; docs/decisions/018-job-queue.md).
     */
    QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    /**
     * Site audits one instance runs at once (issue 31 item 3, ADR 028): a business has at most one
     * of them, so two slow websites never hold every slot.
     */
    AUDIT_WORKERS: z.coerce.number().int().min(1).max(32).default(3),
    /** How long one audit may crawl before it ends with the pages it has ('time limit reached'). */
    AUDIT_RUN_LIMIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /**
     * Map tiles for the Settings pin and the geo-grid (issue 17), e.g.
     * 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'; the CSP's img-src allows that host and no
     * other. Without it no tiles load: the pin is typed and the grid is drawn without a map.
     */
    MAP_TILE_URL: optionalString.pipe(
      z
        .string()
        .regex(
          /^https?:\/\/[^/?#\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}/,
          'must be an http(s) URL with {z}, {x} and {y}',
        )
        .optional(),
    ),
    /** The tiles' credit shown on the map, e.g. '© OpenStreetMap contributors'. */
    MAP_TILE_ATTRIBUTION: z.string().default(''),
    /** Simulated third parties wait like real ones (1.5 s to connect, 1 s per fetch). */
    SIMULATED_DELAYS: optionalString.pipe(bool.optional()),
    /**
     * The share (0..1) of simulated rank checks that fail, like a real search-results API's
     * occasional errors; 0.02 by default, 0 when NODE_ENV=test, so no test or journey meets a failure
     * it did not ask for (issue 30).
     */
    SIMULATED_FAILURE_RATE: optionalString.pipe(
      z.coerce
        .number<string>({ error: failureRateError })
        .min(0, { error: failureRateError })
        .max(1, { error: failureRateError })
        .optional(),
    ),
    /**
     * 'host:port' entries (comma-separated) that link checks may fetch although they are private
     * or on another port (net/safe-fetch.ts): local test sites, an intranet. Empty by default.
     */
    FETCH_ALLOW_HOSTS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, 'each entry must be host:port'),
        ),
      ),
  })
  .refine((e) => e.DATABASE_DIRECT_URL === undefined || e.DATABASE_URL !== undefined, {
    path: ['DATABASE_DIRECT_URL'],
    message: 'is for PostgreSQL behind a pooler: set DATABASE_URL too, or unset it',
  })
  .refine((e) => (e.GOOGLE_CLIENT_ID === undefined) === (e.GOOGLE_CLIENT_SECRET === undefined), {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
  })
  .refine(
    (e) =>
      e.KEYWORD_DATA_PROVIDER !== 'dataforseo' ||
      (e.DATAFORSEO_LOGIN !== undefined && e.DATAFORSEO_PASSWORD !== undefined),
    {
      path: ['DATAFORSEO_PASSWORD'],
      message: 'KEYWORD_DATA_PROVIDER=dataforseo needs DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD',
    },
  )
  .refine(
    (e) =>
      e.BACKLINK_DATA_PROVIDER !== 'dataforseo' ||
      (e.DATAFORSEO_LOGIN !== undefined && e.DATAFORSEO_PASSWORD !== undefined),
    {
      path: ['DATAFORSEO_PASSWORD'],
      message: 'BACKLINK_DATA_PROVIDER=dataforseo needs DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD',
    },
  )
  .transform((e) => ({
    ...e,
    SITE_URL: e.SITE_URL ?? `http://localhost:${e.PORT}`,
    // Without a mail server nobody could read a confirmation email, so sign-ups confirm at once.
    AUTH_AUTOCONFIRM: e.AUTH_AUTOCONFIRM ?? e.SMTP_URL === undefined,
    SIMULATED_DELAYS: e.SIMULATED_DELAYS ?? e.NODE_ENV !== 'test',
    SIMULATED_FAILURE_RATE: e.SIMULATED_FAILURE_RATE ?? (e.NODE_ENV === 'test' ? 0 : 0.02),
  }))

export type Env = z.output<typeof envSchema>

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n')
    throw new Error(`Invalid environment configuration:\n${problems}`)
  }
  return result.data
}
