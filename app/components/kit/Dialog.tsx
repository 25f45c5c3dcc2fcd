import { useEffect, useId, useRef, type ReactNode } from "react";

/** A modal on the native <dialog>: focus stays inside, Escape closes, the title labels it. */
export function Dialog({
  title,
  onClose,
  children,
  actions,
  wide = false,
  footer,
  confirm,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
  /** Replaces the actions and the Fermer button (dialogs with their own Annuler / Enregistrer). */
  footer?: (close: () => void) => ReactNode;
  /** Annuler and the dialog's one action (Enregistrer, Télécharger…), which is given `close`. */
  confirm?: { label: ReactNode; onConfirm: (close: () => void) => void; disabled?: boolean; action: string; cancelAction?: string };
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Dialogs can open over another (the link editor over the text editor): each needs its own title id.
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      // React passes a nested dialog's "close" up its component tree: only this dialog's own closing counts.
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      aria-labelledby={titleId}
      data-testid={testId}
      className={`m-auto w-[92vw] ${wide ? "max-w-3xl" : "max-w-md"} rounded-xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50`}
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <div className="mt-3">{children}</div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          {footer ? (
            footer(() => ref.current?.close())
          ) : confirm ? (
            <>
              <button
                type="button"
                className="rounded-full px-4 py-2 hover:bg-neutral-100"
                onClick={() => ref.current?.close()}
                data-action={confirm.cancelAction}
              >
                Annuler
              </button>
              <button
                type="button"
                className="rounded-full bg-ink px-4 py-2 font-semibold text-white disabled:opacity-50"
                disabled={confirm.disabled}
                onClick={() => confirm.onConfirm(() => ref.current?.close())}
                data-action={confirm.action}
              >
                {confirm.label}
              </button>
            </>
          ) : (
            <>
              {actions}
              <button type="button" className="rounded-full px-4 py-2 hover:bg-neutral-100" onClick={() => ref.current?.close()}>
                Fermer
              </button>
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}
