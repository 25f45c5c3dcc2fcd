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
export const NETWORK_MESSAGE = "Le serveur ne répond pas : vérifiez votre connexion, puis réessayez.";

/**
 * One request of the back-office, whatever its body: a success's body read by `read`; a refusal thrown as an
 * ApiClientError with the server's French message (the API's one error shape, else "Erreur <status>"); a
 * request that never reached the server, or lost it on the way, as an ApiClientError of status 0 and code
 * "network" (the browser's own TypeError says "Failed to fetch" in English, and the screens show what they
 * catch). An abort stays an AbortError (callers that abort ignore it).
 */
export async function apiSend<T>(send: () => Promise<Response>, read: (res: Response) => Promise<T>): Promise<T> {
  try {
    const res = await send();
    if (res.ok) return await read(res);
    throw refusal(res.status, await res.text());
  } catch (e) {
    if (e instanceof TypeError) throw new ApiClientError(0, "network", NETWORK_MESSAGE);
    throw e;
  }
}

function refusal(status: number, text: string): ApiClientError {
  let err: { code?: string; message?: string; details?: Record<string, unknown> } | undefined;
  try {
    err = (JSON.parse(text) as { error?: typeof err } | null)?.error;
  } catch {
    /* not the API's JSON (a proxy's page): the status says it */
  }
  return new ApiClientError(status, err?.code ?? "http_error", err?.message ?? `Erreur ${status}`, err?.details ?? {});
}

/** A JSON body, or null when there is none or it is not JSON. */
async function jsonOrNull(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
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
  return (await apiSend(() => (started ? started.catch(request) : request()), jsonOrNull)) as T;
}
