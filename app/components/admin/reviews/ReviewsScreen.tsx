import { useState } from "react";
import { Dialog } from "~/components/kit/Dialog";
import { ListMessages } from "~/components/kit/ListMessages";
import { TextField } from "~/components/kit/fields";
import { formatDateTime } from "~/lib/admin/site-zone";
import { useAdminList } from "~/lib/admin/use-admin-list";
import { reviewsApi } from "~/lib/api/client";
import type { ReviewView } from "~/lib/api/reviews";

/** Where a request's page opens: the article editor, or the builder on that language. */
export const reviewEditorHref = (r: Pick<ReviewView, "kind" | "pageId" | "lang">) =>
  r.kind === "article" ? `/admin/blog/edit/${r.pageId}` : `/admin/archimed-editor?page=${r.pageId}&lang=${r.lang}`;
const previewHref = (r: ReviewView) => `/admin/archimed-preview?page=${r.pageId}&lang=${r.lang}`;

/**
 * An article's open requests are one card (its writer asked for both languages from the editor's bar):
 * one "Approuver et publier" publishes each language asked. A page's languages stay apart (the builder
 * asks for one at a time).
 */
function grouped(reviews: ReviewView[]): ReviewView[][] {
  const groups = new Map<string, ReviewView[]>();
  for (const r of reviews) {
    const key = r.kind === "article" ? r.pageId : r.id;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()];
}

const langsOf = (g: ReviewView[]) => g.map((r) => r.lang.toUpperCase()).join(" + ");

/**
 * "À relire" (issue 25 §1), for editors and admins: the drafts contributors sent for review, oldest
 * first. "Approuver et publier" publishes the version listed (a draft changed since is refused, and the
 * list reloads); "Demander des modifications" sends a message the writer reads on the page.
 */
export function ReviewsScreen() {
  const { data, error, notice, run } = useAdminList((signal) => reviewsApi.pending({ signal }).then((a) => a.reviews));
  const [asking, setAsking] = useState<ReviewView[] | null>(null);
  const [message, setMessage] = useState("");

  return (
    <section data-testid="reviews-page">
      <h1 className="text-3xl font-extrabold">À relire</h1>
      <p className="mt-2 max-w-prose text-neutral-700">
        Les brouillons que les contributeurs proposent. Relisez-les dans l'aperçu, puis publiez-les ou demandez des modifications : leur auteur voit votre
        réponse sur la page.
      </p>
      <ListMessages error={error} notice={notice} />
      {data === null ? (
        <p className="mt-6">Chargement…</p>
      ) : data.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-700" data-testid="reviews-empty">
          Rien à relire pour l'instant.
        </p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {grouped(data).map((g) => {
            const r = g[0];
            const messages = [...new Set(g.flatMap((x) => (x.message ? [x.message] : [])))];
            return (
              <li key={r.id} className="min-w-0 rounded-xl border border-neutral-200 bg-white p-4 md:p-5" data-testid="review-request" data-page={r.pageId}>
                <p className="font-bold break-words">
                  {r.title}{" "}
                  <span className="font-normal text-neutral-700">
                    · {r.kind === "article" ? "article" : "page"} · {langsOf(g)}
                  </span>
                </p>
                <p className="mt-1 text-sm break-all text-neutral-700">
                  Demandé par {r.requestedBy} le {formatDateTime(r.requestedAt)}
                </p>
                {messages.map((m) => (
                  <p key={m} className="mt-3 whitespace-pre-wrap break-words text-sm">
                    « {m} »
                  </p>
                ))}
                <div className="mt-3 flex flex-wrap gap-2">
                  {g.map((x) => (
                    <a key={x.id} href={previewHref(x)} className="rounded-full border border-neutral-300 px-4 py-1.5 text-sm font-semibold">
                      Aperçu{g.length > 1 ? ` ${x.lang.toUpperCase()}` : ""}
                    </a>
                  ))}
                  <a href={reviewEditorHref(r)} className="rounded-full border border-neutral-300 px-4 py-1.5 text-sm font-semibold">
                    Ouvrir
                  </a>
                  <button
                    type="button"
                    className="rounded-full bg-ink px-4 py-1.5 text-sm font-semibold text-white"
                    data-action="approve-review"
                    onClick={() =>
                      void run(async () => {
                        // Each language asked, one after the other: a refusal (a draft changed since) stops there and says so.
                        for (const x of g) await reviewsApi.approve(x.id, x.version);
                        return `« ${r.title} » (${langsOf(g)}) est publié.`;
                      })
                    }
                  >
                    Approuver et publier
                  </button>
                  <button
                    type="button"
                    className="rounded-full border border-neutral-300 px-4 py-1.5 text-sm font-semibold"
                    data-action="ask-changes"
                    onClick={() => {
                      setMessage("");
                      setAsking(g);
                    }}
                  >
                    Demander des modifications
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {asking ? (
        <Dialog
          title={`Modifications pour « ${asking[0].title} »`}
          onClose={() => setAsking(null)}
          testId="ask-changes-dialog"
          confirm={{
            label: "Envoyer",
            disabled: message.trim() === "",
            action: "send-changes",
            onConfirm: (close) => {
              const g = asking;
              close();
              void run(async () => {
                for (const r of g) await reviewsApi.askChanges(r.id, message.trim());
                return `Demande de modifications envoyée à ${g[0].requestedBy}.`;
              });
            },
          }}
        >
          <TextField look="page" multiline label="Ce qu'il faut modifier" value={message} onChange={setMessage} maxLength={1000} testId="changes-message" />
        </Dialog>
      ) : null}
    </section>
  );
}
