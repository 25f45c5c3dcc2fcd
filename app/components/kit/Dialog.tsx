import { useEffect, useId, useRef, type ReactNode } from "react";

/** Widths named after Tailwind's; "full" is the Médiathèque's nearly full-screen picker and editor. */
const SIZE = { md: "max-w-md", lg: "max-w-lg", xl: "max-w-xl", "3xl": "max-w-3xl", full: "h-[90vh] max-w-6xl" } as const;

/**
 * The back-office's one modal, on the native <dialog>: focus stays inside, the title labels it, Escape
 * closes it. Escape is the browser's: it cancels only the top-most of nested dialogs (a details dialog
 * over the Médiathèque picker over the builder), and each dialog reacts only to its own cancel and close
 * events — React passes a nested dialog's events up its component tree, so without the target check one
 * Escape would close every dialog between it and the page.
 */
export function Dialog({
  title,
  onClose,
  children,
  actions,
  size = "md",
  footer,
  confirm,
  closeIn = "footer",
  headerActions,
  canClose = true,
  dismissOnBackdrop = false,
  initialFocus,
  testId,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons next to Fermer in the footer. */
  actions?: ReactNode;
  size?: keyof typeof SIZE;
  /** Replaces the actions and the Fermer button (dialogs with their own Annuler / Enregistrer). */
  footer?: (close: () => void) => ReactNode;
  /** Annuler and the dialog's one action (Enregistrer, Télécharger…), which is given `close`. */
  confirm?: {
    label: ReactNode;
    onConfirm: (close: () => void) => void;
    disabled?: boolean;
    action: string;
    cancelAction?: string;
    tone?: "danger" | "neutral";
  };
  /** "header": a × Fermer button beside the title (the Médiathèque's large dialogs), and no footer of its own. */
  closeIn?: "footer" | "header";
  headerActions?: ReactNode;
  /** False while work that must not be abandoned runs (an import): Escape and Fermer do nothing. */
  canClose?: boolean;
  /** A click on the dim backdrop cancels (confirmations, where nothing typed can be lost). */
  dismissOnBackdrop?: boolean;
  /** The button focused when the dialog opens ("cancel": Annuler, the safe choice of a confirmation). */
  initialFocus?: "cancel";
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Dialogs can open over another (the link editor over the text editor): each needs its own title id.
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    if (initialFocus === "cancel") cancelRef.current?.focus();
    // Opening happens once; the focus choice is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The native close keeps the browser's focus return to the element that opened the dialog.
  const close = () => {
    if (canClose && ref.current?.open) ref.current.close();
  };
  const button = "rounded-full px-4 py-2 hover:bg-neutral-100";
  return (
    // The backdrop is the <dialog> element itself; Escape and the buttons are the keyboard's way.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events
    <dialog
      ref={ref}
      onCancel={(e) => {
        if (e.target === e.currentTarget && !canClose) e.preventDefault();
      }}
      onClose={(e) => {
        if (e.target !== e.currentTarget) return;
        // A second Escape in a row cannot be refused (the browser's rule against trapping): reopen instead.
        if (!canClose) ref.current?.showModal();
        else onClose();
      }}
      onClick={(e) => {
        if (dismissOnBackdrop && e.target === e.currentTarget) close();
      }}
      aria-labelledby={titleId}
      data-testid={testId}
      className={`m-auto ${size === "full" ? "w-[94vw]" : "w-[92vw]"} ${SIZE[size]} rounded-xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50`}
    >
      <div className={`flex flex-col ${size === "full" ? "h-full p-5" : "p-6"}`}>
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          {closeIn === "header" ? (
            <span className="flex items-center gap-1">
              {headerActions}
              <button
                type="button"
                aria-label="Fermer"
                className="rounded-full px-3 py-1 text-xl leading-none hover:bg-neutral-100 disabled:opacity-40"
                disabled={!canClose}
                onClick={close}
              >
                ×
              </button>
            </span>
          ) : null}
        </div>
        <div className={size === "full" ? "mt-4 min-h-0 flex-1" : "mt-3"}>{children}</div>
        {closeIn === "header" && !footer && !confirm && !actions ? null : (
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {footer ? (
              footer(close)
            ) : confirm ? (
              <>
                <button type="button" ref={cancelRef} className={button} onClick={close} data-action={confirm.cancelAction}>
                  Annuler
                </button>
                <button
                  type="button"
                  className={`rounded-full px-4 py-2 font-semibold text-white disabled:opacity-50 ${confirm.tone === "danger" ? "bg-red-700" : "bg-ink"}`}
                  disabled={confirm.disabled}
                  onClick={() => confirm.onConfirm(close)}
                  data-action={confirm.action}
                >
                  {confirm.label}
                </button>
              </>
            ) : (
              <>
                {actions}
                {closeIn === "footer" ? (
                  <button type="button" className={button} onClick={close}>
                    Fermer
                  </button>
                ) : null}
              </>
            )}
          </div>
        )}
      </div>
    </dialog>
  );
}
