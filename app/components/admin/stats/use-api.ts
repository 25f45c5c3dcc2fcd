import { useEffect, useRef, useState } from "react";

export type Load<T> = { state: "loading" } | { state: "ready"; data: T } | { state: "error" };

/**
 * One source of the panel: loading, then its data or an error of its own (seed 000 §8: failures are
 * only logged). `key` names the request (its URL): a new key shows "loading" until its answer arrives.
 */
export function useApi<T>(key: string, what: string, load: (o: { signal: AbortSignal }) => Promise<T>): Load<T> {
  const [result, setResult] = useState<{ path: string; load: Load<T> } | null>(null);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    const path = key;
    const ctrl = new AbortController();
    loader.current({ signal: ctrl.signal }).then(
      (data) => setResult({ path, load: { state: "ready", data } }),
      (e: unknown) => {
        if (ctrl.signal.aborted) return;
        console.warn(`Statistiques : ${what} indisponible`, e);
        setResult({ path, load: { state: "error" } });
      },
    );
    return () => ctrl.abort();
  }, [key, what]);
  return result && result.path === key ? result.load : { state: "loading" };
}

export type Live = { state: "connecting" } | { state: "live"; activeUsers: number } | { state: "error" };

/** "Current visitors" pushed by the server (server-sent events); EventSource reconnects by itself. */
export function useLiveVisitors(): Live {
  const [live, setLive] = useState<Live>({ state: "connecting" });
  useEffect(() => {
    const source = new EventSource("/api/analytics/live");
    source.addEventListener("visitors", (e) => {
      try {
        const n = (JSON.parse((e as MessageEvent<string>).data) as { activeUsers?: unknown }).activeUsers;
        if (typeof n === "number") setLive({ state: "live", activeUsers: n });
      } catch {
        /* a malformed event is skipped; the next one replaces it */
      }
    });
    source.addEventListener("unavailable", () => setLive({ state: "error" }));
    source.onerror = () => {
      console.warn("Statistiques : visiteurs en direct indisponibles");
      setLive({ state: "error" });
    };
    return () => source.close();
  }, []);
  return live;
}
