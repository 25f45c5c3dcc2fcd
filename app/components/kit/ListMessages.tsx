import type { ReactNode } from "react";

/**
 * A screen's error (an alert, announced when it appears) and notice (a status region that is always in
 * the page, so screen readers announce each new notice), in the back-office's one look. `errorAction`
 * sits in the alert under the message (a "Recharger" that answers it).
 */
export function ListMessages({
  error,
  notice,
  errorTestId,
  noticeTestId,
  errorAction,
}: {
  error: string | null;
  notice: string | null;
  errorTestId?: string;
  noticeTestId?: string;
  errorAction?: ReactNode;
}) {
  return (
    <>
      {error ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800" data-testid={errorTestId}>
          <p>{error}</p>
          {errorAction}
        </div>
      ) : null}
      <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-emerald-900 empty:hidden" data-testid={noticeTestId}>
        {notice}
      </p>
    </>
  );
}

/** A dialog's own error (a form refused), in the same red as a screen's. */
export function FormError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
      {error}
    </p>
  ) : null;
}
