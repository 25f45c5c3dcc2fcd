import { useId, type ReactNode } from "react";

/**
 * The back-office's confirmation before an action that cannot be undone from the screen (remove a member,
 * change a role, replace the site, delete a backup): a modal over the page, Annuler focused first, Escape
 * or a click on the backdrop cancels.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onCancel,
  onConfirm,
  tone = "danger",
  wide = false,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** danger: red (destroys something); neutral: dark (changes something). */
  tone?: "danger" | "neutral";
  wide?: boolean;
  testId?: string;
}) {
  const titleId = useId();
  return (
    // The backdrop takes the click; Escape and the buttons are the keyboard's way.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className="fixed inset-0 z-[70] flex items-center justify-center bg-black/50 p-4"
      data-testid={testId}
      onKeyDown={(e) => e.key === "Escape" && onCancel()}
      onClick={(e) => e.target === e.currentTarget && onCancel()}
    >
      <div className={`max-h-full w-full overflow-y-auto rounded-xl bg-white p-6 shadow-2xl ${wide ? "max-w-lg" : "max-w-md"}`}>
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {children}
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" autoFocus className="rounded-full px-4 py-2 hover:bg-neutral-100" onClick={onCancel}>
            Annuler
          </button>
          <button
            type="button"
            className={`rounded-full px-4 py-2 font-semibold text-white ${tone === "danger" ? "bg-red-700" : "bg-ink"}`}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
