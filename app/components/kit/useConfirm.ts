import { useState } from "react";

/**
 * A confirmation about one subject (a member, a backup, a page): `ask(subject)` opens it, `subject` is
 * what it is about (null: closed), and `handlers(act)` gives ConfirmDialog its onCancel and onConfirm.
 * Confirming closes the dialog first, then acts on the subject it was opened for: the screen's message
 * about the action shows on the screen, not under a dialog that is still open.
 */
export function useConfirm<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  return {
    subject,
    ask: (s: T) => setSubject(s),
    handlers: (act: (subject: T) => unknown) => ({
      onCancel: () => setSubject(null),
      onConfirm: () => {
        if (subject === null) return;
        setSubject(null);
        void act(subject);
      },
    }),
  };
}
