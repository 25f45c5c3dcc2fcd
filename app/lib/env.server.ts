import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * The one place that reads process.env. Checked once at boot; a bad value stops the server with a
 * message naming the variable. `.env.example` documents each of them.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL doit commencer par postgres:// (laisser vide pour SQLite)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z.enum(["silent", "error", "warn", "info", "debug"]).default("info"),
  /** First start with no team member: the admin account to create (else one is generated and logged). */
  ADMIN_EMAIL: z.string().email().optional().or(z.literal("").transform(() => undefined)),
  ADMIN_PASSWORD: z.string().min(12, "ADMIN_PASSWORD : 12 caractères au moins").max(200).optional().or(z.literal("").transform(() => undefined)),
  /** Addresses of reverse proxies whose X-Forwarded-For is believed (comma-separated), or "loopback". */
  TRUST_PROXY: z.string().default(""),
  /** A session ends after this much inactivity, and in any case after SESSION_MAX_DAYS. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(60 * 24 * 30).default(8 * 60),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Server processes sharing the port (node:cluster). Default: one per CPU core, as nginx's
   * "worker_processes auto". Sessions, throttles and publication state live in the database, so any
   * process can answer any request.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(Math.max(1, Math.min(8, availableParallelism()))),
  /** Render cache size (entries) for anonymous page views. */
  HTML_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  /** Google tag (GA4) measurement ID; unset: the tag is never loaded nor allowed by the CSP. */
  GA_MEASUREMENT_ID: z.string().regex(/^G-[A-Z0-9]{4,20}$/, "GA_MEASUREMENT_ID : de la forme G-XXXXXXX").optional().or(z.literal("").transform(() => undefined)),
  /** Meta pixel ID; unset: the pixel is never loaded nor allowed by the CSP. */
  META_PIXEL_ID: z.string().regex(/^\d{5,20}$/, "META_PIXEL_ID : des chiffres uniquement").optional().or(z.literal("").transform(() => undefined)),
  /** Geolocation provider for the statistics panel; "{ip}" is replaced by the viewer's address. */
  GEOLOCATION_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, "GEOLOCATION_URL doit commencer par http:// ou https://")
    .refine((u) => u.includes("{ip}"), "GEOLOCATION_URL doit contenir {ip}")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  GEOLOCATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** Page-view beacons accepted per client address and minute (more get 429). */
  ANALYTICS_BEACONS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
});

export type Env = z.infer<typeof schema> & { dataDir: string; publicUrl: string };

let cached: Env | undefined;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Configuration invalide :\n${lines}`);
  }
  const e = parsed.data;
  cached = {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
  };
  return cached;
}

export function env(): Env {
  return cached ?? loadEnv();
}
