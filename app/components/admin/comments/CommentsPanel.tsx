import { useEffect, useRef, useState } from "react";
import { useOutletContext } from "react-router";
import { ConfirmDialog } from "~/components/kit/ConfirmDialog";
import { formatDateTime } from "~/lib/admin/site-zone";
import type { CommentView } from "~/lib/api/comments";
import type { AdminUser } from "~/lib/api/team";
import { commentsApi } from "~/lib/api/client";
import { NBSP, NNBSP } from "~/lib/typography/french";
import { CommentComposer } from "./CommentComposer";
import { addComment, editComment, messageOf, removeComment, resolveThread, useComments, useCommentsStore, type CommentFilter } from "./comments-store";

/**
 * "Commentaires" (issue 25 §2, decision 048): the threads of the page or article open in the editor, open
 * or resolved, each naming what it is pinned to ("Élément supprimé" once that is gone from the document);
 * a click on the name selects it in the editor and brings it into view. Writing a comment starts from
 * "Commenter" on a block or an element, which opens this panel with the form.
 */
export interface CommentTargets {
  /** What the target is called in the editor ("Texte", "Bloc 2"), or null when the document no longer holds it. */
  describe: (targetId: string) => string | null;
  /** Selects the target in the editor and scrolls it into view. */
  select: (targetId: string) => void;
  /** Runs before a new comment is sent (the builder saves first: the server pins to the saved draft). */
  beforeCreate?: () => Promise<boolean>;
}

export function CommentsPanel({ targets }: { targets: CommentTargets }) {
  const store = useCommentsStore();
  const loading = useComments((s) => s.loading);
  const error = useComments((s) => s.error);
  const filter = useComments((s) => s.filter);
  const comments = useComments((s) => s.comments);
  const composing = useComments((s) => s.composing);
  const members = useComments((s) => s.members);
  const threads = comments.filter((c) => c.parentId === null);
  const open = threads.filter((t) => t.resolvedAt === null);
  const shown = filter === "open" ? open : threads.filter((t) => t.resolvedAt !== null);
  const replies = (id: string) => comments.filter((c) => c.parentId === id);

  // The mentions of the member in what they are now reading are read: the admin bar's count goes down.
  const me = useOutletContext<AdminUser | undefined>();
  const [marked] = useState(() => new Set<string>());
  useEffect(() => {
    if (!me) return;
    const mine = comments.filter((c) => !marked.has(c.id) && c.mentions.some((m) => m.id === me.id)).map((c) => c.id);
    if (mine.length === 0) return;
    for (const id of mine) marked.add(id);
    void commentsApi.markRead(mine).catch(() => {});
  }, [comments, me, marked]);

  const tab = (value: CommentFilter, label: string, n: number) => (
    <button
      type="button"
      aria-pressed={filter === value}
      className={`flex-1 rounded px-2 py-1 text-sm font-semibold ${filter === value ? "bg-ink text-white" : "hover:bg-neutral-100"}`}
      onClick={() => store.setState({ filter: value })}
      data-comment-filter={value}
    >
      {label} ({n})
    </button>
  );

  return (
    <section className="space-y-3" aria-labelledby="comments-title" data-testid="comments-panel">
      <h2 id="comments-title" className="font-bold">
        Commentaires
      </h2>
      <div role="group" aria-label="Filtrer les commentaires" className="flex gap-1 rounded-lg border border-neutral-200 p-1">
        {tab("open", "Ouverts", open.length)}
        {tab("resolved", "Résolus", threads.length - open.length)}
      </div>
      {composing ? (
        <div className="rounded-lg border border-brand-teal bg-brand-teal/5 p-2" data-testid="comment-new">
          <p className="mb-1 text-xs font-semibold text-neutral-700">
            Nouveau commentaire sur «{NBSP}
            {targets.describe(composing) ?? "Élément supprimé"}
            {NBSP}»
          </p>
          <CommentComposer
            members={members}
            label="Votre commentaire"
            submitLabel="Commenter"
            autoFocus
            onCancel={() => store.setState({ composing: null })}
            onSubmit={async (body, mentions) => {
              if (targets.beforeCreate && !(await targets.beforeCreate()))
                throw new Error("Enregistrez la page avant de commenter\u00a0: l'enregistrement a échoué.");
              const comment = await addComment(store, { targetId: composing, body, mentions });
              store.setState({ composing: null, filter: "open", focused: comment.id });
            }}
            testId="comment-new-form"
          />
        </div>
      ) : null}
      {loading ? (
        <p className="text-sm text-neutral-600" role="status">
          Chargement des commentaires…
        </p>
      ) : error ? (
        <p role="alert" className="rounded bg-red-50 px-2 py-1.5 text-sm text-red-800">
          {error}
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-neutral-600" data-testid="comments-empty">
          {filter === "open" ? "Aucun commentaire ouvert. Sélectionnez un bloc ou un élément, puis «\u00a0Commenter\u00a0»." : "Aucun commentaire résolu."}
        </p>
      ) : (
        <ol className="space-y-3">
          {shown.map((t) => (
            <Thread key={t.id} thread={t} replies={replies(t.id)} targets={targets} me={me?.id ?? null} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Thread({ thread, replies, targets, me }: { thread: CommentView; replies: CommentView[]; targets: CommentTargets; me: string | null }) {
  const store = useCommentsStore();
  const members = useComments((s) => s.members);
  const focused = useComments((s) => s.focused === thread.id);
  const [replying, setReplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = targets.describe(thread.targetId);
  // The thread a marker or a mention's link named is brought into the panel's view.
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) item.current?.scrollIntoView({ block: "nearest" });
  }, [focused]);
  const act = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <li
      ref={item}
      className={`rounded-lg border bg-white p-2 text-sm ${focused ? "border-brand-teal ring-2 ring-brand-teal/40" : "border-neutral-200"}`}
      data-comment-thread={thread.id}
      data-target={thread.targetId}
    >
      {label ? (
        <button
          type="button"
          className="mb-1 w-full truncate rounded px-1 text-left text-xs font-semibold text-teal-800 underline-offset-2 hover:underline"
          onClick={() => {
            store.setState({ focused: thread.id });
            targets.select(thread.targetId);
          }}
          data-action="comment-target"
        >
          {label}
        </button>
      ) : (
        <p className="mb-1 px-1 text-xs font-semibold text-neutral-500" data-testid="comment-target-gone">
          Élément supprimé
        </p>
      )}
      <Comment comment={thread} me={me} />
      {replies.length > 0 ? (
        <ol className="mt-2 space-y-2 border-l-2 border-neutral-200 pl-2">
          {replies.map((r) => (
            <li key={r.id}>
              <Comment comment={r} me={me} />
            </li>
          ))}
        </ol>
      ) : null}
      {error ? (
        <p role="alert" className="mt-1 rounded bg-red-50 px-2 py-1 text-red-800">
          {error}
        </p>
      ) : null}
      {replying ? (
        <div className="mt-2">
          <CommentComposer
            members={members}
            label="Votre réponse"
            submitLabel="Répondre"
            autoFocus
            onCancel={() => setReplying(false)}
            onSubmit={async (body, mentions) => {
              await addComment(store, { parentId: thread.id, body, mentions });
              setReplying(false);
            }}
            testId="comment-reply-form"
          />
        </div>
      ) : (
        <div className="mt-2 flex gap-1">
          <button type="button" className="rounded px-2 py-1 font-semibold hover:bg-neutral-100" onClick={() => setReplying(true)} data-action="reply-comment">
            Répondre
          </button>
          <button
            type="button"
            className="rounded px-2 py-1 font-semibold hover:bg-neutral-100"
            onClick={() => void act(() => resolveThread(store, thread.id, thread.resolvedAt === null))}
            data-action={thread.resolvedAt === null ? "resolve-comment" : "reopen-comment"}
          >
            {thread.resolvedAt === null ? "Résolu" : "Rouvrir"}
          </button>
        </div>
      )}
      {thread.resolvedAt ? (
        <p className="mt-1 px-1 text-xs text-neutral-600">
          Résolu {thread.resolvedBy ? `par ${thread.resolvedBy.name} ` : ""}le {formatDateTime(thread.resolvedAt)}
        </p>
      ) : null}
    </li>
  );
}

/** The text with each "@Name" of a mentioned member set apart; plain text throughout (React escapes it). */
function Body({ comment }: { comment: CommentView }) {
  const names = comment.mentions.map((m) => `@${m.name}`);
  if (names.length === 0) return <p className="whitespace-pre-wrap break-words">{comment.body}</p>;
  const pattern = new RegExp(`(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "g");
  return (
    <p className="whitespace-pre-wrap break-words">
      {comment.body.split(pattern).map((part, i) =>
        names.includes(part) ? (
          <strong key={i} className="rounded bg-brand-yellow/30 px-0.5" data-mention="">
            {part}
          </strong>
        ) : (
          part
        ),
      )}
    </p>
  );
}

function Comment({ comment, me }: { comment: CommentView; me: string | null }) {
  const store = useCommentsStore();
  const members = useComments((s) => s.members);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = me !== null && comment.author?.id === me;
  return (
    <div data-comment={comment.id}>
      <p className="text-xs text-neutral-600">
        <span className="font-semibold text-ink">{comment.author?.name ?? "Ancien membre"}</span> · {formatDateTime(comment.createdAt)}
        {comment.updatedAt !== comment.createdAt ? " · modifié" : ""}
      </p>
      {editing ? (
        <CommentComposer
          members={members}
          label="Modifier le commentaire"
          submitLabel="Enregistrer"
          initial={comment.body}
          initialMentions={comment.mentions}
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={async (body, mentions) => {
            await editComment(store, comment.id, body, mentions);
            setEditing(false);
          }}
        />
      ) : (
        <Body comment={comment} />
      )}
      {mine && !editing ? (
        <div className="flex gap-1 text-xs">
          <button
            type="button"
            className="rounded px-1.5 py-0.5 text-neutral-700 hover:bg-neutral-100"
            onClick={() => setEditing(true)}
            data-action="edit-comment"
          >
            Modifier
          </button>
          <button type="button" className="rounded px-1.5 py-0.5 text-red-700 hover:bg-red-50" onClick={() => setConfirm(true)} data-action="delete-comment">
            Supprimer
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="rounded bg-red-50 px-2 py-1 text-xs text-red-800">
          {error}
        </p>
      ) : null}
      {confirm ? (
        <ConfirmDialog
          title={`Supprimer ce commentaire${NNBSP}?`}
          confirmLabel="Supprimer"
          testId="comment-delete-confirm"
          onCancel={() => setConfirm(false)}
          onConfirm={() => {
            setConfirm(false);
            removeComment(store, comment.id).catch((e: unknown) => setError(messageOf(e)));
          }}
        >
          <p>{comment.parentId ? "La réponse sera supprimée." : "Le commentaire et ses réponses seront supprimés."}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
