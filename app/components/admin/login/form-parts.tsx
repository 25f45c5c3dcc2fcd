/** The sign-in card's error line and main button, the same at each step. */
export function LoginError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="login-error">
      {error}
    </p>
  ) : null;
}

export function LoginSubmit({ loading, label, busyLabel }: { loading: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={loading}
      className="mt-6 w-full rounded-full bg-brand-yellow px-5 py-3 font-bold text-ink hover:brightness-95 disabled:opacity-60"
    >
      {loading ? busyLabel : label}
    </button>
  );
}
