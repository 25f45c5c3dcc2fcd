import type { Editor } from "@tiptap/react";
import { useMemo, useState } from "react";
import { CommentsPanel, type CommentTargets } from "~/components/admin/comments/CommentsPanel";
import {
  commentFromAddress,
  CommentsContext,
  createCommentsStore,
  useComments,
  useCommentsLoader,
  useCommentsStore,
} from "~/components/admin/comments/comments-store";
import type { ArticleLang } from "~/lib/blog/article-schemas";
import { ELEMENT_ATTR } from "./convert";

/** What the writing surface's top-level nodes are called in the panel. */
const NODE_LABEL: Record<string, string> = {
  paragraph: "Paragraphe",
  heading: "Titre",
  bulletList: "Liste",
  orderedList: "Liste numérotée",
  blockquote: "Citation",
  image: "Image",
  horizontalRule: "Séparateur",
};

function words(text: string): string {
  const w = text.trim().split(/\s+/).slice(0, 6).join(" ");
  return w.length < text.trim().length ? `${w}…` : w;
}

/** The top-level node carrying element id `id`, and where it starts. */
function nodeOf(editor: Editor, id: string): { pos: number; label: string } | null {
  let found: { pos: number; label: string } | null = null;
  editor.state.doc.forEach((node, offset) => {
    if (found || node.attrs.elementId !== id) return;
    const label = NODE_LABEL[node.type.name] ?? "Élément";
    const text = words(node.textContent);
    found = { pos: offset, label: text ? `${label} · ${text}` : label };
  });
  return found;
}

/**
 * The article editor's "Commentaires" (decision 048): the same panel as the builder's, on the elements of
 * one language's body (the writing surface's top-level nodes carry their element's id, so a comment
 * follows its paragraph when paragraphs move). "Commenter le paragraphe" pins to the node at the cursor;
 * commented paragraphs get a yellow rule in the margin, drawn by a style rule, never in the saved body.
 */
export function ArticleComments({
  articleId,
  lang,
  editor,
  save,
}: {
  articleId: string;
  lang: ArticleLang;
  editor: () => Editor | undefined;
  save: () => Promise<boolean>;
}) {
  const [store] = useState(() => createCommentsStore(articleId, lang));
  useCommentsLoader(store, (list) => {
    const thread = commentFromAddress(list);
    if (thread && thread.lang === lang) store.setState({ focused: thread.id, filter: thread.resolvedAt ? "resolved" : "open" });
  });
  return (
    <CommentsContext.Provider value={store}>
      <ArticleCommentsBody lang={lang} editor={editor} save={save} />
    </CommentsContext.Provider>
  );
}

function ArticleCommentsBody({ lang, editor, save }: { lang: ArticleLang; editor: () => Editor | undefined; save: () => Promise<boolean> }) {
  const store = useCommentsStore();
  const comments = useComments((s) => s.comments);
  const [error, setError] = useState<string | null>(null);
  // Re-read on each render: the panel's names follow what is typed as the list re-renders.
  const targets: CommentTargets = {
    describe: (id) => {
      const ed = editor();
      return ed ? (nodeOf(ed, id)?.label ?? null) : null;
    },
    select: (id) => {
      const ed = editor();
      const at = ed ? nodeOf(ed, id) : null;
      if (!ed || !at) return;
      ed.chain()
        .focus()
        .setTextSelection(at.pos + 1)
        .scrollIntoView()
        .run();
      ed.view.dom.querySelector(`[${ELEMENT_ATTR}="${CSS.escape(id)}"]`)?.scrollIntoView({ block: "center" });
    },
    beforeCreate: save,
  };
  const marked = useMemo(
    () => [...new Set(comments.filter((c) => c.parentId === null && c.resolvedAt === null).map((c) => c.targetId))].filter((id) => /^[A-Za-z0-9_-]+$/.test(id)),
    [comments],
  );

  const commentHere = async () => {
    setError(null);
    const ed = editor();
    if (!ed) return;
    // A paragraph typed since the last save has no id yet: saving gives it one (the stamp of convert.ts).
    if (!(await save())) {
      setError("L'article n'a pas pu être enregistré\u00a0: réessayez avant de commenter.");
      return;
    }
    const { $from } = ed.state.selection;
    const top = $from.depth >= 1 ? $from.node(1) : null;
    const id = (top?.attrs.elementId as string | null | undefined) ?? null;
    if (!id) {
      setError("Placez le curseur dans un paragraphe de l'article, puis «\u00a0Commenter le paragraphe\u00a0».");
      return;
    }
    store.setState({ composing: id, filter: "open" });
  };

  return (
    <div className="rounded-xl border border-neutral-200 p-3" lang="fr" data-testid="article-comments" data-lang={lang}>
      {marked.length > 0 ? (
        <style>{`[data-testid="article-editor"] [data-lang="${lang}"] :is(${marked.map((id) => `[${ELEMENT_ATTR}="${id}"]`).join(",")}) { box-shadow: -6px 0 0 var(--color-brand-yellow); }`}</style>
      ) : null}
      <button
        type="button"
        className="mb-3 rounded bg-ink px-3 py-1.5 text-xs font-semibold text-white"
        onClick={() => void commentHere()}
        data-action="comment-paragraph"
      >
        Commenter le paragraphe
      </button>
      {error ? (
        <p role="alert" className="mb-2 rounded bg-red-50 px-2 py-1.5 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <CommentsPanel targets={targets} />
    </div>
  );
}
