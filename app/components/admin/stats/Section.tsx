import type { ReactNode } from "react";
import type { Load } from "./use-api";

export const LOADING_TEXT = "Chargement des données...";

/** A titled block of the panel that shows its own loading and unavailable states. */
export function Section<T>({ id, title, load, children }: { id: string; title: string; load: Load<T>; children: (data: T) => ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-neutral-200 bg-white p-4"
      data-testid={id}
      aria-busy={load.state === "loading"}
    >
      <h3 id={`${id}-title`} className="text-sm font-bold uppercase tracking-wide text-neutral-600">
        {title}
      </h3>
      <div className="mt-3">
        {load.state === "loading" ? (
          <p className="text-sm text-neutral-600" data-testid={`${id}-loading`}>
            {LOADING_TEXT}
          </p>
        ) : load.state === "error" ? (
          <Unavailable id={id} />
        ) : (
          children(load.data)
        )}
      </div>
    </section>
  );
}

export function Unavailable({ id, text = "Données indisponibles pour le moment." }: { id: string; text?: string }) {
  return (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid={`${id}-unavailable`}>
      {text}
    </p>
  );
}
