import { Component, type ErrorInfo, type ReactNode } from "react";

/** Seed 001 §2: the screen shown when the builder fails to render. Saved work is untouched. */
export class BuilderErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Erreur de rendu du constructeur", error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="fixed inset-0 z-[100] flex items-center justify-center bg-neutral-100 p-6 text-ink" data-testid="builder-error">
        <div className="w-full max-w-lg rounded-2xl bg-white p-8 shadow-xl">
          <h1 className="text-2xl font-extrabold">Une erreur est survenue</h1>
          <p className="mt-2 text-neutral-700">Veuillez recharger la page</p>
          <details className="mt-4 rounded bg-neutral-50 p-3 text-sm">
            <summary className="cursor-pointer font-semibold">Détails de l'erreur</summary>
            <pre className="mt-2 whitespace-pre-wrap break-words text-xs text-red-800">{error.message}</pre>
          </details>
          <button type="button" className="mt-6 rounded-full bg-brand-yellow px-5 py-2.5 font-bold" onClick={() => window.location.reload()}>
            Recharger la page
          </button>
        </div>
      </div>
    );
  }
}
