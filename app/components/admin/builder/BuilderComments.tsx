import { useMemo } from "react";
import { CommentsPanel, type CommentTargets } from "~/components/admin/comments/CommentsPanel";
import { commentFromAddress, useComments, useCommentsLoader, useCommentsStore, type CommentsStore } from "~/components/admin/comments/comments-store";
import { select } from "~/lib/builder/actions";
import { allContainerIds, kindOf, layerRows } from "~/lib/builder/layers";
import { saveNow } from "~/lib/builder/persistence";
import { useBuilder, useBuilderStore, type BuilderStore } from "~/lib/builder/store";

/** Selects a block, section, column or element by its id (its kind is its id's prefix). */
function selectTarget(builder: BuilderStore, id: string) {
  const kind = kindOf(id);
  if (kind) select(builder, { kind, id });
}

/** The builder's Commentaires panel: targets are named as the Structure panel names them. */
export function BuilderComments() {
  const builder = useBuilderStore();
  const comments = useCommentsStore();
  const doc = useBuilder((s) => s.doc);
  const names = useMemo(() => new Map(layerRows(doc, new Set(allContainerIds(doc))).map((r) => [r.id, r.name])), [doc]);
  const targets: CommentTargets = {
    describe: (id) => names.get(id) ?? null,
    select: (id) => selectTarget(builder, id),
    // The server pins a comment to the saved draft: a block added a moment ago is saved first.
    beforeCreate: () => saveNow({ pageId: comments.pageId, lang: comments.lang }, builder),
  };
  return <CommentsPanel targets={targets} />;
}

/** Loads the comments when the builder opens; a mention's link (?comment=…) opens its thread on its target. */
export function useBuilderComments(builder: BuilderStore, comments: CommentsStore) {
  useCommentsLoader(comments, (list) => {
    const thread = commentFromAddress(list);
    if (!thread) return;
    comments.setState({ focused: thread.id, filter: thread.resolvedAt ? "resolved" : "open" });
    selectTarget(builder, thread.targetId);
    builder.setState({ tab: "comments" });
  });
}

/** The way into the Commentaires panel, under "Structure de la page", with the open threads' count. */
export function CommentsToggle() {
  const builder = useBuilderStore();
  const on = useBuilder((s) => s.tab === "comments");
  const open = useComments((s) => s.comments.filter((c) => c.parentId === null && c.resolvedAt === null).length);
  return (
    <button
      type="button"
      aria-pressed={on}
      className={`mb-4 flex w-full items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold ${on ? "border-ink bg-ink text-white" : "border-neutral-300 hover:border-ink"}`}
      onClick={() => builder.setState((s) => ({ tab: on ? (s.selected ? "settings" : "blocks") : "comments" }))}
      data-tab="comments"
    >
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </svg>
      <span className="flex-1 text-left">Commentaires</span>
      {open > 0 ? (
        <span className="rounded-full bg-brand-yellow px-1.5 text-xs font-bold text-ink" data-testid="comments-open-count">
          {open}
          <span className="sr-only"> ouverts</span>
        </span>
      ) : null}
      <span aria-hidden="true">{on ? "✕" : "›"}</span>
    </button>
  );
}
