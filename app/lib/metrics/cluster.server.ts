import cluster from "node:cluster";
import client from "prom-client";
import { register, startDefaultMetrics } from "./metrics.server";

/**
 * With several server processes (WEB_CONCURRENCY, node:cluster) a scrape lands on one worker, which
 * asks the primary; the primary gathers every worker's figures with prom-client's AggregatorRegistry
 * (which also answers its requests in each worker) and sends the sum back. One process: its own registry.
 */
const ASK = "archimed:metrics-ask";
const ANSWER = "archimed:metrics-answer";
const TIMEOUT_MS = 5000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isAsk = (m: unknown): m is Ask => typeof m === "object" && m !== null && (m as { type?: unknown }).type === ASK;
const isAnswer = (m: unknown): m is Answer => typeof m === "object" && m !== null && (m as { type?: unknown }).type === ANSWER;

let aggregator: client.AggregatorRegistry<typeof client.Registry.PROMETHEUS_CONTENT_TYPE> | undefined;

/** Called in the primary before it starts workers. */
export function startMetricsAggregator(): void {
  aggregator ??= new client.AggregatorRegistry();
  const agg = aggregator;
  cluster.on("message", (worker, message: unknown) => {
    if (!isAsk(message)) return;
    agg.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (e: unknown) => worker.send({ type: ANSWER, id: message.id, error: e instanceof Error ? e.message : String(e) } satisfies Answer),
    );
  });
}

/** Called in each process that serves requests: its counters start, and a worker answers the primary. */
export function startProcessMetrics(): void {
  startDefaultMetrics();
  // Constructing it registers the listener that answers the primary's requests in a worker.
  if (cluster.isWorker) aggregator ??= new client.AggregatorRegistry();
}

let nextId = 0;
const waiting = new Map<number, (a: Answer) => void>();
let listening = false;

/** The text a scrape returns: the whole server's figures. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const contentType = register.contentType;
  if (!cluster.isWorker || !process.send) return { contentType, body: await register.metrics() };
  if (!listening) {
    listening = true;
    process.on("message", (m: unknown) => {
      if (isAnswer(m)) waiting.get(m.id)?.(m);
    });
  }
  const id = nextId++;
  const answer = await new Promise<Answer>((resolve) => {
    const timer = setTimeout(() => resolve({ type: ANSWER, id, error: "délai dépassé" }), TIMEOUT_MS);
    waiting.set(id, (a) => {
      clearTimeout(timer);
      resolve(a);
    });
    process.send!({ type: ASK, id } satisfies Ask);
  });
  waiting.delete(id);
  if (answer.error !== undefined || answer.text === undefined) throw new Error(`métriques des processus indisponibles : ${answer.error ?? "réponse vide"}`);
  return { contentType, body: answer.text };
}
