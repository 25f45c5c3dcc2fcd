import { ListMessages } from "~/components/kit/ListMessages";
import { formatDateTime } from "~/lib/admin/site-zone";
import { useAdminList } from "~/lib/admin/use-admin-list";
import { commentsApi } from "~/lib/api/client";
import { NBSP } from "~/lib/typography/french";

/**
 * "Mentions" (issue 25 §2, decision 048): the comments where a teammate wrote "@" and the member's name,
 * unread first. "Ouvrir" opens the page or the article on that comment's thread (which marks it read);
 * "Tout marquer comme lu" empties the admin bar's count.
 */
export function MentionsScreen() {
  const { data, error, notice, run } = useAdminList((signal) => commentsApi.mentions({ signal }));
  const unread = data?.mentions.filter((m) => m.readAt === null) ?? [];
  return (
    <section data-testid="mentions-page">
      <h1 className="text-3xl font-extrabold">Mentions</h1>
      <p className="mt-2 max-w-prose text-neutral-700">
        Les commentaires où l'équipe vous a mentionné, sur les pages et les articles. Ouvrez-en un pour le lire à sa place et y répondre.
      </p>
      <ListMessages error={error} notice={notice} />
      {data === null ? (
        <p className="mt-6">Chargement…</p>
      ) : data.mentions.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-700" data-testid="mentions-empty">
          Personne ne vous a encore mentionné.
        </p>
      ) : (
        <>
          {unread.length > 0 ? (
            <button
              type="button"
              className="mt-6 rounded-full border border-neutral-300 px-4 py-1.5 text-sm font-semibold"
              onClick={() =>
                void run(async () => {
                  await commentsApi.markRead(unread.map((m) => m.comment.id));
                  return "Toutes les mentions sont lues.";
                })
              }
              data-action="mentions-read-all"
            >
              Tout marquer comme lu
            </button>
          ) : null}
          <ul className="mt-4 grid gap-3">
            {data.mentions.map((m) => (
              <li
                key={m.comment.id}
                className={`min-w-0 rounded-xl border bg-white p-4 ${m.readAt === null ? "border-brand-teal" : "border-neutral-200"}`}
                data-testid="mention"
                data-unread={m.readAt === null ? "true" : undefined}
              >
                <p className="font-bold break-words">
                  {m.title}{" "}
                  <span className="font-normal text-neutral-700">
                    · {m.kind === "article" ? "article" : "page"} · {m.comment.lang.toUpperCase()}
                    {m.readAt === null ? " · non lue" : ""}
                  </span>
                </p>
                <p className="mt-1 text-sm text-neutral-700">
                  {m.comment.author?.name ?? "Ancien membre"} le {formatDateTime(m.comment.createdAt)}
                </p>
                <p className="mt-2 whitespace-pre-wrap break-words text-sm">
                  «{NBSP}
                  {m.comment.body}
                  {NBSP}»
                </p>
                <a href={m.href} className="mt-3 inline-block rounded-full bg-ink px-4 py-1.5 text-sm font-semibold text-white" data-action="open-mention">
                  Ouvrir
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
