import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { authApi } from "~/lib/api/client";

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

/** The sign-in form (seed 000 §8); a post before the script runs is the route's action. */
export function LoginScreen() {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setLoading(true);
    setError(null);
    try {
      const result = await authApi.login(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
      if (!result?.user) throw new Error("No user data returned");
      navigate("/admin/archimed-pages");
    } catch (e) {
      setError(loginErrorMessage(e));
      setLoading(false);
    }
  }

  return (
    <main lang="fr" className="flex min-h-screen items-center justify-center bg-neutral-100 px-4 text-ink">
      <form method="post" onSubmit={onSubmit} className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-xl" aria-busy={loading} data-testid="login-form">
        <div className="mb-6 flex items-center gap-3">
          <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
            <rect width="40" height="40" rx="10" fill="#ffc104" />
            <path d="M20 8 L31 31 H25.5 L20 19 L14.5 31 H9 Z" fill="#14171c" />
            <circle cx="20" cy="27.5" r="3.2" fill="#78c6bb" />
          </svg>
          <h1 className="text-xl font-extrabold">Espace équipe</h1>
        </div>
        <label className="block text-sm font-semibold" htmlFor="email">
          E-mail
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2.5 focus:border-ink focus:outline-none focus:ring-2 focus:ring-brand-yellow"
        />
        <label className="mt-4 block text-sm font-semibold" htmlFor="password">
          Mot de passe
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2.5 focus:border-ink focus:outline-none focus:ring-2 focus:ring-brand-yellow"
        />
        {error ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="login-error">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={loading}
          className="mt-6 w-full rounded-full bg-brand-yellow px-5 py-3 font-bold text-ink hover:brightness-95 disabled:opacity-60"
        >
          {loading ? "Connexion…" : "Se connecter"}
        </button>
        <a href="/" className="mt-4 block text-center text-sm text-neutral-600 underline">
          Retour au site
        </a>
      </form>
    </main>
  );
}
