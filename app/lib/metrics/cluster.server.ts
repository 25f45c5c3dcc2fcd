import cluster from "node:cluster";
import client from "prom-client";
import { register, startDefaultMetrics } from "./metrics.server";

/**
 * With several server processes (WEB_CONCURRENCY, node:cluster) a scrape lands on one worker, which asks the
 * primary; the primary collects the figures of every worker that is serving (prom-client's
 * `getMetricsAsJSON()` in each), adds them up with prom-client's `AggregatorRegistry.aggregate` and sends the
 * sum back. Only workers that listen are asked: prom-client's own `clusterMetrics()` asked every connected
 * worker, and one still loading the bundle (at start, or restarted after a crash) never answered, so the
 * whole scrape failed after 5 s. One process: its own registry.
 */
const ASK = "archimed:metrics-ask";
const ANSWER = "archimed:metrics-answer";
const COLLECT = "archimed:metrics-collect";
const COLLECTED = "archimed:metrics-collected";
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
interface Collect {
  type: typeof COLLECT;
  id: number;
}
interface Collected {
  type: typeof COLLECTED;
  id: number;
  metrics?: client.MetricObjectWithValues<client.MetricValue<string>>[];
  error?: string;
}

const isMessage =
  <T extends { type: string }>(type: T["type"]) =>
  (m: unknown): m is T =>
    typeof m === "object" && m !== null && (m as { type?: unknown }).type === type;
const isAsk = isMessage<Ask>(ASK);
const isAnswer = isMessage<Answer>(ANSWER);
const isCollect = isMessage<Collect>(COLLECT);
const isCollected = isMessage<Collected>(COLLECTED);

let aggregatorStarted = false;

/** Called in the primary before it starts workers. */
export function startMetricsAggregator(): void {
  if (aggregatorStarted) return;
  aggregatorStarted = true;
  const serving = new Set<number>();
  cluster.on("listening", (worker) => serving.add(worker.id));
  cluster.on("exit", (worker) => serving.delete(worker.id));
  let nextCollect = 0;
  const collecting = new Map<number, (c: Collected) => void>();
  cluster.on("message", (worker, message: unknown) => {
    if (isCollected(message)) collecting.get(message.id)?.(message);
    if (!isAsk(message)) return;
    const workers = [...serving].map((id) => cluster.workers?.[id]).filter((w) => w?.isConnected());
    const id = nextCollect++;
    const parts: client.MetricObjectWithValues<client.MetricValue<string>>[][] = [];
    const reply = (answer: Omit<Answer, "type" | "id">) => {
      collecting.delete(id);
      clearTimeout(timer);
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer } satisfies Answer);
    };
    const timer = setTimeout(() => reply({ error: "délai dépassé" }), TIMEOUT_MS);
    let pending = workers.length;
    const finish = () => {
      client.AggregatorRegistry.aggregate(parts)
        .metrics()
        .then(
          (text) => reply({ text }),
          (e: unknown) => reply({ error: e instanceof Error ? e.message : String(e) }),
        );
    };
    collecting.set(id, (c) => {
      if (c.error !== undefined || !c.metrics) return reply({ error: c.error ?? "réponse vide" });
      parts.push(c.metrics);
      if (--pending === 0) finish();
    });
    // A worker that died since it was counted cannot take the message: the sum goes on without it.
    for (const w of workers) w!.send({ type: COLLECT, id } satisfies Collect, undefined, (e) => e && --pending === 0 && finish());
    if (pending === 0) finish();
  });
}

let answering = false;

/** Called in each process that serves requests: its counters start, and a worker answers the primary. */
export function startProcessMetrics(): void {
  startDefaultMetrics();
  if (!cluster.isWorker || answering) return;
  answering = true;
  process.on("message", (m: unknown) => {
    if (!isCollect(m)) return;
    register.getMetricsAsJSON().then(
      (metrics) => process.send?.({ type: COLLECTED, id: m.id, metrics } satisfies Collected),
      (e: unknown) => process.send?.({ type: COLLECTED, id: m.id, error: e instanceof Error ? e.message : String(e) } satisfies Collected),
    );
  });
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
  if (answer.error !== undefined || answer.text === undefined) throw new Error(`métriques des processus indisponibles : ${answer.error ?? "réponse vide"}`);
  return { contentType, body: answer.text };
}
