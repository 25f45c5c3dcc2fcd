import { ApiClientError } from "~/lib/admin/api-client";

/**
 * Seed 000 §8: the sign-in error's own message, or 'Erreur de connexion' when it is not an error object.
 * A fetch that never reached the server gets the catalogue's fallback too: apiFetch reports it as an
 * ApiClientError of code "network" (the browser's own TypeError, "Failed to fetch", is English).
 */
export function loginErrorMessage(e: unknown): string {
  if (e instanceof TypeError || (e instanceof ApiClientError && e.code === "network")) return "Erreur de connexion";
  return e instanceof Error && e.message ? e.message : "Erreur de connexion";
}
