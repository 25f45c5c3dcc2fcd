import { useContext } from "react";
import { CommentsContext, useOpenThreadCount, type CommentsStore } from "~/components/admin/comments/comments-store";
import { select } from "~/lib/builder/actions";
import { useBuilderStore, type BuilderStore, type Selection } from "~/lib/builder/store";
import { ToolbarButton } from "./ToolbarButton";

type Target = NonNullable<Selection>;

/** Opens the Commentaires panel on `target`: with the form for a new comment, or on its first open thread. */
function openComments(builder: BuilderStore, comments: CommentsStore, target: Target, compose: boolean) {
  select(builder, target);
  const thread = comments.getState().comments.find((c) => c.parentId === null && c.targetId === target.id && c.resolvedAt === null);
  comments.setState(compose ? { composing: target.id, filter: "open" } : { focused: thread?.id ?? null, filter: "open" });
  builder.setState({ tab: "comments" });
}

/**
 * The count of open comment threads on a block or an element of the canvas, a button that opens them.
 * Builder only: the public renderer and the export never see comments (they are not in the document).
 */
export function CommentMarker({ target, className }: { target: Target; className: string }) {
  const builder = useBuilderStore();
  const comments = useContext(CommentsContext);
  const n = useOpenThreadCount(target.id);
  if (!comments || n === 0) return null;
  return (
    <button
      type="button"
      className={`z-20 flex h-6 min-w-6 items-center justify-center gap-0.5 rounded-full bg-brand-yellow px-1.5 text-xs font-bold text-ink shadow ring-1 ring-ink/20 ${className}`}
      onClick={(e) => {
        e.stopPropagation();
        openComments(builder, comments, target, false);
      }}
      aria-label={`${n} commentaire${n > 1 ? "s" : ""} ouvert${n > 1 ? "s" : ""}`}
      data-comment-marker={target.id}
    >
      <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </svg>
      {n}
    </button>
  );
}

/** "Commenter" in a block's or an element's toolbar (nothing where the editor has no comments). */
export function CommentButton({ target, className }: { target: Target; className: string }) {
  const builder = useBuilderStore();
  const comments = useContext(CommentsContext);
  if (!comments) return null;
  return (
    <ToolbarButton className={className} action="comment" onPress={() => openComments(builder, comments, target, true)}>
      Commenter
    </ToolbarButton>
  );
}
