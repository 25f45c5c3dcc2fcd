/**
 * Seed 000 §8: the sign-in error's own message, or 'Erreur de connexion' when it is not an error object.
 * A fetch that never reached the server rejects with the browser's own TypeError ("Failed to fetch",
 * "NetworkError when attempting to fetch resource."): English, and no message of ours, so it gets the
 * catalogue's fallback too.
 */
export function loginErrorMessage(e: unknown): string {
  if (e instanceof TypeError) return "Erreur de connexion";
  return e instanceof Error && e.message ? e.message : "Erreur de connexion";
}
