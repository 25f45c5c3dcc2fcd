import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * The one place that reads process.env. Checked once at boot; a bad value stops the server with a
 * message naming the variable. `.env.example` documents each of them.
 */
const optionalText = () =>
  z
    .string()
    .min(1)
    .optional()
    .or(z.literal("").transform(() => undefined));

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
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Seals the authenticator secrets stored in the database (AES-256-GCM, decision 047). Unset: a random key
   * is created once in DATA_DIR/app-secret.key (0600). Several servers, or a backup restored elsewhere,
   * need the same value on each installation.
   */
  APP_SECRET: z
    .string()
    .min(32, "APP_SECRET : 32 caractères au moins (ex. openssl rand -base64 32)")
    .max(1024, "APP_SECRET : 1024 caractères au plus")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z.enum(["silent", "error", "warn", "info", "debug"]).default("info"),
  /** First start with no team member: the admin account to create (else one is generated and logged). */
  ADMIN_EMAIL: z
    .string()
    .email()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(12, "ADMIN_PASSWORD : 12 caractères au moins")
    .max(200)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Addresses of reverse proxies whose X-Forwarded-For is believed (comma-separated), or "loopback". */
  TRUST_PROXY: z.string().default(""),
  /** A session ends after this much inactivity, and in any case after SESSION_MAX_DAYS. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 30)
    .default(8 * 60),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Server processes sharing the port (node:cluster). Default: one per CPU core, as nginx's
   * "worker_processes auto". Sessions, throttles and publication state live in the database, so any
   * process can answer any request.
   */
  WEB_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, Math.min(8, availableParallelism()))),
  /** Render cache size (entries) for anonymous page views. */
  HTML_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  /**
   * "false": every request goes through node:http, none through the fast lane that answers plain GETs of
   * cached pages and built files from the socket (decision 064). A switch for an operator who suspects it.
   */
  FAST_LANE: z
    .enum(["true", "false", ""])
    .default("true")
    .transform((v) => v !== "false"),
  /** Google tag (GA4) measurement ID; unset: the tag is never loaded nor allowed by the CSP. */
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,20}$/, "GA_MEASUREMENT_ID : de la forme G-XXXXXXX")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Meta pixel ID; unset: the pixel is never loaded nor allowed by the CSP. */
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{5,20}$/, "META_PIXEL_ID : des chiffres uniquement")
    .optional()
    .or(z.literal("").transform(() => undefined)),
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
  /** Upload limits per media type, in megabytes (decimals allowed). */
  MEDIA_MAX_IMAGE_MB: z.coerce.number().positive().max(10_000).default(20),
  MEDIA_MAX_PDF_MB: z.coerce.number().positive().max(10_000).default(20),
  MEDIA_MAX_VIDEO_MB: z.coerce.number().positive().max(100_000).default(500),
  /** A draft's sanitizing job running longer is stopped (its worker replaced) and refused with a French 422. */
  DOCUMENT_JOB_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(15_000),
  /**
   * Processes decoding images at a lower priority than requests, per server process, each one image at a
   * time (app/lib/media/image-pool.server.ts). One keeps a core for visitors on a 2-core machine.
   */
  IMAGE_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * Priority of the image processes (server/image-worker.ts) and of the sanitizing threads
   * (server/document-worker.ts), as Linux nice values (0 = the server's own, 19 = the lowest). Visitors
   * come first in production; the test servers set 0, since a nice-19 process behind a busy suite's own
   * processes can wait tens of seconds for a core.
   */
  IMAGE_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(19),
  DOCUMENT_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Images waiting for those processes; an upload beyond them gets a French 503 with Retry-After. */
  IMAGE_QUEUE: z.coerce.number().int().min(0).max(1000).default(20),
  /** Images with more pixels than this are refused before decoding (decompression bombs). */
  MEDIA_MAX_PIXELS: z.coerce.number().int().min(1_000_000).max(1_000_000_000).default(50_000_000),
  /** ffmpeg, which strips the metadata (GPS position, author) of uploaded videos; a name is looked up in PATH. */
  FFMPEG_PATH: z.string().trim().min(1).max(500).default("ffmpeg"),
  /** Set to keep media in S3-compatible object storage instead of DATA_DIR/media (several servers share it). */
  S3_BUCKET: optionalText(),
  /** Endpoint of a non-AWS provider (MinIO, R2, Scaleway…); unset: AWS. */
  S3_ENDPOINT: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** Keys: these, else the AWS SDK's usual chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profile, role). */
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  /** "true" for providers that need https://endpoint/bucket/key addresses (MinIO and most non-AWS). */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", ""])
    .default("")
    .transform((v) => v === "true"),
  /** Stock sources (never sent to the browser); unset: the tab says the source is not configured. */
  UNSPLASH_ACCESS_KEY: optionalText(),
  UNSPLASH_API_URL: z.string().url().default("https://api.unsplash.com"),
  PEXELS_API_KEY: optionalText(),
  PEXELS_API_URL: z.string().url().default("https://api.pexels.com"),
  /** Contact form e-mails to the team: sent only when SMTP_HOST is set (else requests are only stored). */
  SMTP_HOST: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** "true": TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((v) => v === "true"),
  SMTP_USER: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_PASSWORD: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_FROM: z
    .string()
    .email("SMTP_FROM : une adresse e-mail")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Who receives contact requests; unset: the site's e-mail address from the settings. */
  CONTACT_TO: z
    .string()
    .email("CONTACT_TO : une adresse e-mail")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Contact requests accepted per client address and hour (more get 429). */
  CONTACT_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Shortest time between the contact form being shown and sent (ms) for it to be taken as a person's. */
  CONTACT_MIN_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /** How long the activity log ("Journal d'activité") keeps a line, in days (issue 25 §5). */
  ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1, "ACTIVITY_RETENTION_DAYS : 1 jour au moins").max(3650).default(365),
  /** The site's time zone: article dates are shown and entered in it (stored in UTC). */
  SITE_TIMEZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("fr-FR", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "SITE_TIMEZONE : fuseau horaire IANA inconnu (ex. Europe/Paris)")
    .default("Europe/Paris")
    .or(z.literal("").transform(() => "Europe/Paris")),
  /**
   * "Générer avec IA": any OpenAI-compatible chat-completions service (base URL up to /v1, key, model).
   * Used by the builder and the AI article generator. Unset: the builder's offline generator of seed 001 §4
   * and an outline template for articles, each saying that no service is configured.
   */
  AI_BASE_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, "AI_BASE_URL doit commencer par http:// ou https://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AI_API_KEY: z
    .string()
    .max(500)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AI_MODEL: z
    .string()
    .max(200)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
  /** Blocks a team member may generate per hour (beyond: 429). */
  AI_GENERATIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Backups (issue 14): their folder (default DATA_DIR/backups). */
  BACKUP_DIR: optionalText(),
  /** Largest archive accepted from another installation, in megabytes. */
  BACKUP_UPLOAD_MAX_MB: z.coerce.number().positive().max(1_000_000).default(10_240),
  /** Zip-bomb limits when reading an archive: total uncompressed size (MB) and number of entries. */
  BACKUP_MAX_UNCOMPRESSED_MB: z.coerce.number().positive().max(10_000_000).default(50_000),
  BACKUP_MAX_ENTRIES: z.coerce.number().int().min(10).max(10_000_000).default(200_000),
  /**
   * Longest row in an archive's table files (MB): a page row holds two documents of at most 2 MB each,
   * JSON-escaped once more. Past it, or past the time limit (minutes), an archive's check stops with a refusal.
   */
  BACKUP_MAX_LINE_MB: z.coerce.number().positive().max(1024).default(64),
  BACKUP_VERIFY_MAX_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(60),
  /** Automatic copies made before each restore that are kept, the newest (older ones are deleted). */
  BACKUP_SAFETY_COPIES: z.coerce.number().int().min(1).max(100).default(3),
  /** How often each server process looks whether the daily scheduled backup is due (ms). */
  BACKUP_SCHEDULE_CHECK_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  /** Bearer token a scraper sends for /metrics (Prometheus format); unset: /metrics answers 404. */
  METRICS_TOKEN: z
    .string()
    .min(16, "METRICS_TOKEN : 16 caractères au moins")
    .max(500)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** A CDN's purge address: each publication POSTs {"tags": [...]} to it; unset: no purge. */
  CDN_PURGE_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, "CDN_PURGE_URL doit commencer par http:// ou https://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Sent as "Authorization: Bearer …" with each purge. */
  CDN_PURGE_TOKEN: optionalText(),
});

export type Env = z.infer<typeof schema> & { dataDir: string; publicUrl: string; backupDir: string };

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
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, "backups")),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
  };
  return cached;
}

export function env(): Env {
  return cached ?? loadEnv();
}
