export function Spinner({ label = "Chargement…" }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite" data-testid="auth-spinner">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-yellow border-t-transparent" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
