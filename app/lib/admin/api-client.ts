import { EDITING_TAB_HEADER, editingTabId } from "~/lib/presence/tab";
import { takePrefetched } from "./prefetch";

/** Browser side of the API: JSON in, JSON out, errors carry the server's French message. */
export class ApiClientError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    /** The machine-readable facts of the refusal, when the server gives some (e.g. the redirect in the way). */
    public details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** What a request that never reached the server, or lost it on the way, says in the back-office. */
export const NETWORK_MESSAGE = "Le serveur ne répond pas : vérifiez votre connexion, puis réessayez.";

/**
 * A request sent, and its body read, or an ApiClientError (status 0, code "network") when the network failed
 * on the way: the browser's own TypeError says "Failed to fetch" in English, and the screens show what they
 * catch. An abort stays an AbortError (callers that abort ignore it).
 */
export async function reach<T>(send: () => Promise<Response>, read: (res: Response) => Promise<T>): Promise<{ res: Response; body: T }> {
  try {
    const res = await send();
    return { res, body: await read(res) };
  } catch (e) {
    if (e instanceof TypeError) throw new ApiClientError(0, "network", NETWORK_MESSAGE);
    throw e;
  }
}

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  // Which tab asks: a save from a tab that does not hold the page is refused (decision 049).
  const tab = editingTabId();
  const request = () =>
    fetch(path, {
      method: init.method ?? "GET",
      headers: {
        Accept: "application/json",
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(tab ? { [EDITING_TAB_HEADER]: tab } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
      signal: init.signal,
    });
  // A plain read the page's HTML already started (see prefetch.ts); a failed one is simply asked again.
  const started = init.method === undefined && init.body === undefined && !init.signal ? takePrefetched(path) : null;
  const { res, body: text } = await reach(
    () => (started ? started.catch(request) : request()),
    (r) => r.text(),
  );
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: handled below */
  }
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string; details?: Record<string, unknown> } } | null)?.error;
    throw new ApiClientError(res.status, err?.code ?? "http_error", err?.message ?? `Erreur ${res.status}`, err?.details ?? {});
  }
  return data as T;
}
