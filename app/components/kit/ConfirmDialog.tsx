import type { ReactNode } from "react";
import { Dialog } from "./Dialog";

/**
 * The back-office's confirmation before an action that cannot be undone from the screen (remove a member,
 * change a role, replace the site, delete a backup or a media item): the kit's Dialog, Annuler focused
 * first, Escape or a click on the backdrop cancels.
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
  action = "confirm",
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
  /** The confirm button's data-action. */
  action?: string;
}) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      size={wide ? "lg" : "md"}
      testId={testId}
      dismissOnBackdrop
      initialFocus="cancel"
      confirm={{ label: confirmLabel, onConfirm: () => onConfirm(), action, tone }}
    >
      {children}
    </Dialog>
  );
}
