import client from "prom-client";

/**
 * What /metrics reports (Prometheus text format, prom-client's default registry). Counters and the
 * histogram live in each server process; with several processes the primary adds them up
 * (cluster.server.ts), so one scrape covers the whole server.
 */
const register = client.register;
let defaultsStarted = false;

/** Process figures (memory, CPU, event-loop lag) beside ours; started once per process. */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  client.collectDefaultMetrics({ register });
}

function counter<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  return (register.getSingleMetric(name) as client.Counter<L> | undefined) ?? new client.Counter<L>({ name, help, labelNames, registers: [register] });
}

/** Request durations by route pattern (never the raw URL: its values are unbounded), method and status. */
export const httpDuration =
  (register.getSingleMetric("archimed_http_request_duration_seconds") as client.Histogram<"method" | "route" | "status"> | undefined) ??
  new client.Histogram({
    name: "archimed_http_request_duration_seconds",
    help: "Durée des réponses HTTP par motif de route",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });

/**
 * Hits of the cached path, counted as a plain number and handed to the counter below when it is read
 * (a scrape): prom-client's inc() validates and hashes its labels each time, a cost the hottest path
 * of the server (tens of thousands of hits a second) does not pay.
 */
let pendingHits = 0;
export function countCacheHit(): void {
  pendingHits++;
}

/** Anonymous page lookups in the rendered-HTML cache. */
export const htmlCacheLookups =
  (register.getSingleMetric("archimed_html_cache_lookups_total") as client.Counter<"result"> | undefined) ??
  new client.Counter({
    name: "archimed_html_cache_lookups_total",
    help: "Consultations du cache HTML (hit ou miss)",
    labelNames: ["result"] as const,
    registers: [register],
    collect() {
      if (pendingHits === 0) return;
      this.inc({ result: "hit" }, pendingHits);
      pendingHits = 0;
    },
  });

/** Answers of the fast lane (decision 064), counted like the hits above. */
let pendingLaneAnswers = 0;
export function countLaneAnswer(): void {
  pendingLaneAnswers++;
}

/** Requests answered by the fast lane, before node:http: cached pages and built files. */
export const laneAnswers =
  (register.getSingleMetric("archimed_fast_lane_answers_total") as client.Counter | undefined) ??
  new client.Counter({
    name: "archimed_fast_lane_answers_total",
    help: "Réponses de la voie rapide (pages en cache et fichiers construits, avant node:http)",
    registers: [register],
    collect() {
      if (pendingLaneAnswers === 0) return;
      this.inc(pendingLaneAnswers);
      pendingLaneAnswers = 0;
    },
  });

/** Sanitizing jobs handed to the document workers, by kind and outcome (ok, error, timeout, busy). */
export const documentJobs = counter("archimed_document_jobs_total", "Travaux de nettoyage de documents", ["kind", "outcome"] as const);

/** Media uploads by outcome (stored, refused). */
export const uploads = counter("archimed_uploads_total", "Téléversements de médias", ["outcome"] as const);

/** Backups created, by trigger (manual, schedule…) and result (done, failed). */
export const backupRuns = counter("archimed_backup_runs_total", "Sauvegardes lancées", ["trigger", "result"] as const);

/**
 * Announcements of another server's publication received on PostgreSQL's LISTEN connection: each one makes
 * this server check the content revision at once instead of at its next once-a-second tick.
 */
export const contentNotifications = counter("archimed_content_notifications_total", "Annonces de publication reçues des autres serveurs", [] as const);

/** CDN purges sent after a publication, by result (ok, failed). */
export const cdnPurges = counter("archimed_cdn_purges_total", "Purges du CDN après publication", ["result"] as const);

export { register };
