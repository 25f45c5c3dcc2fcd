/**
 * A list screen's error (an alert, announced when it appears) and notice (a status region that is always
 * in the page, so screen readers announce each new notice), in the back-office's one look.
 */
export function ListMessages({ error, notice, noticeTestId }: { error: string | null; notice: string | null; noticeTestId?: string }) {
  return (
    <>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800">
          {error}
        </p>
      ) : null}
      <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-emerald-900 empty:hidden" data-testid={noticeTestId}>
        {notice}
      </p>
    </>
  );
}
