import { useCallback, useEffect, useRef, useState, type DependencyList } from "react";

const messageOf = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);
const isAbort = (e: unknown) => e instanceof Error && e.name === "AbortError";

/**
 * The state every back-office list shares: the data (null while loading), the error of the last load or
 * action, and the notice an action leaves ("Page supprimée."). Loads when `deps` change (after `delayMs`,
 * for search boxes), drops answers to older loads, and aborts the one in flight when leaving.
 */
export function useAdminList<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList = [], { delayMs = 0 } = {}) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const latest = useRef(0);

  const refresh = useCallback(async (signal?: AbortSignal) => {
    const n = ++latest.current;
    try {
      const next = await loadRef.current(signal ?? new AbortController().signal);
      if (n !== latest.current) return;
      setData(next);
      setError(null);
    } catch (e) {
      if (!isAbort(e) && n === latest.current) setError(messageOf(e, "Erreur de chargement"));
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => void refresh(controller.signal), delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The caller's deps decide when to load again (the query, a filter), as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  /**
   * Runs an action of the screen: clears the messages, shows the notice it returns or its error, then
   * loads the list again (unless `reload: false`, when the action updated the data itself).
   */
  const run = useCallback(
    async (action: () => Promise<string | null | void>, { fallback = "Erreur inattendue", reload = true } = {}): Promise<boolean> => {
      setError(null);
      setNotice(null);
      try {
        const said = await action();
        if (said) setNotice(said);
        if (reload) await refresh();
        return true;
      } catch (e) {
        setError(messageOf(e, fallback));
        return false;
      }
    },
    [refresh],
  );

  return { data, setData, error, setError, notice, setNotice, refresh, run };
}
