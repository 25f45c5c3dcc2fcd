import { useCallback, useEffect, useState } from "react";
import { Dialog } from "~/components/kit/Dialog";
import { TextField } from "~/components/kit/fields";
import { formatDateTime } from "~/lib/admin/site-zone";
import { reviewsApi } from "~/lib/api/client";
import type { ReviewView } from "~/lib/api/reviews";
import type { Lang } from "~/lib/i18n/routes";

const STATE: Record<ReviewView["status"], string> = {
  pending: "Relecture demandée",
  approved: "Publié après relecture",
  changes_requested: "Modifications demandées",
  withdrawn: "",
};

const LOOK = {
  /** The builder's dark top bar: the answer shows from xl, beside the button. */
  builder: {
    state: "hidden max-w-64 truncate whitespace-nowrap text-xs font-semibold text-brand-yellow underline xl:inline",
    ask: "whitespace-nowrap rounded-md bg-brand-yellow px-3 py-1.5 text-[13px] font-bold text-ink disabled:opacity-50",
  },
  /** The article editor's white bar. */
  bar: {
    state: "max-w-full truncate text-left text-xs font-semibold text-ink underline sm:max-w-80",
    ask: "rounded-full bg-brand-yellow px-5 py-1.5 text-sm font-bold text-ink disabled:opacity-50",
  },
} as const;

/** What the bar says of the latest answers: one status for all the languages asked, or each one's. */
function summary(reviews: ReviewView[]): { text: string; status: string } | null {
  if (reviews.length === 0) return null;
  const statuses = new Set(reviews.map((r) => r.status));
  if (statuses.size > 1) {
    return { text: reviews.map((r) => `${r.lang.toUpperCase()} : ${STATE[r.status]}`).join(" · "), status: "mixed" };
  }
  const status = reviews[0].status;
  const answer = status === "changes_requested" ? reviews.find((r) => r.answer)?.answer : null;
  return { text: answer ? `${STATE[status]} : ${answer}` : STATE[status], status };
}

/**
 * A contributor's Publier (issue 25 §1), in the builder's top bar and the article editor's bar alike:
 * "Demander une relecture" saves first (`beforeSend`), then sends the draft of each language of `langs`
 * to the editors and admins with an optional message; the latest answers show beside it ("Modifications
 * demandées : …" opens the reviewers' messages). The server refuses a contributor's publication anyway.
 */
export function ReviewRequest({
  pageId,
  langs,
  shownLangs = langs,
  beforeSend,
  look,
  disabled = false,
}: {
  pageId: string;
  /** The languages asked for (one in the builder; both or the one chosen in the article editor). */
  langs: Lang[];
  /** The languages whose latest answers show (those asked, and those with nothing left to ask since). */
  shownLangs?: Lang[];
  /** Saves what waits; false: the request is not sent (the draft the reviewer would read is not the one written). */
  beforeSend: () => Promise<boolean>;
  look: keyof typeof LOOK;
  disabled?: boolean;
}) {
  const [latest, setLatest] = useState<ReviewView[]>([]);
  const [asking, setAsking] = useState(false);
  const [reading, setReading] = useState(false);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const key = shownLangs.join(",");

  const load = useCallback(async () => {
    const { reviews } = await reviewsApi.ofPage(pageId).catch(() => ({ reviews: [] as ReviewView[] }));
    setLatest(reviews.filter((r) => key.split(",").includes(r.lang) && r.status !== "withdrawn"));
  }, [pageId, key]);
  useEffect(() => void load(), [load]);

  const send = async () => {
    setError(null);
    setSending(true);
    try {
      if (!(await beforeSend())) {
        setError("Le brouillon n'a pas pu être enregistré : la demande n'est pas partie.");
        return;
      }
      for (const lang of langs) await reviewsApi.request(pageId, lang, message.trim());
      await load();
      setAsking(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : "La demande n'est pas partie.");
    } finally {
      setSending(false);
    }
  };

  const said = summary(latest);
  const classes = LOOK[look];
  const what = langs.length > 1 ? "Les brouillons des deux langues sont enregistrés puis envoyés" : "Le brouillon est enregistré puis envoyé";
  return (
    <>
      {said ? (
        <button type="button" className={classes.state} onClick={() => setReading(true)} data-testid="review-state" data-status={said.status} title={said.text}>
          {said.text}
        </button>
      ) : null}
      <button
        type="button"
        disabled={disabled || langs.length === 0}
        className={classes.ask}
        onClick={() => {
          setMessage("");
          setError(null);
          setAsking(true);
        }}
        data-action="request-review"
      >
        Demander une relecture
      </button>
      {asking ? (
        <Dialog
          title="Demander une relecture"
          onClose={() => setAsking(false)}
          testId="request-review-dialog"
          confirm={{ label: "Envoyer la demande", action: "send-review", disabled: sending, onConfirm: () => void send() }}
        >
          <p className="text-sm text-neutral-700">{what} aux éditeurs et aux administrateurs, qui les publient ou vous demandent des modifications.</p>
          <div className="mt-3">
            <TextField look="page" multiline label="Message (facultatif)" value={message} onChange={setMessage} maxLength={1000} testId="review-message" />
          </div>
          {error ? (
            <p className="mt-3 text-sm font-semibold text-red-800" role="alert">
              {error}
            </p>
          ) : null}
        </Dialog>
      ) : null}
      {reading && said ? (
        <Dialog title={latest.length > 1 ? "Relecture" : STATE[latest[0].status]} onClose={() => setReading(false)} testId="review-answer-dialog">
          {latest.map((r) => (
            <div key={r.id} className="mt-3 first:mt-0" data-lang={r.lang}>
              {latest.length > 1 ? (
                <p className="text-sm font-bold">
                  {r.lang === "fr" ? "Version française" : "Version anglaise"} : {STATE[r.status]}
                </p>
              ) : null}
              <p className="text-sm">
                Demandée le {formatDateTime(r.requestedAt)}
                {r.answeredBy ? `, réponse de ${r.answeredBy}` : ", en attente d'un éditeur ou d'un administrateur"}.
              </p>
              {r.answer ? <p className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-neutral-100 p-3 text-sm">{r.answer}</p> : null}
            </div>
          ))}
        </Dialog>
      ) : null}
    </>
  );
}
