import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from "react";
import { ApiClientError } from "~/lib/admin/api-client";
import type { CommentMember, CommentView } from "~/lib/api/comments";
import { commentsApi } from "~/lib/api/client";
import type { Lang } from "~/lib/i18n/routes";

/**
 * The comments of the page (or article) open in an editor, in a small external store beside the
 * editor's own: comments are not part of the document (decision 048), so they never enter its undo
 * history, its saves or its export. Canvas markers subscribe to their target's count only.
 */
export type CommentFilter = "open" | "resolved";

export interface CommentsState {
  comments: CommentView[];
  members: CommentMember[];
  loading: boolean;
  error: string | null;
  filter: CommentFilter;
  /** The block or element a new comment is being written for ("Commenter"). */
  composing: string | null;
  /** The thread shown first and outlined (a click on a marker, a mention's link). */
  focused: string | null;
}

export interface CommentsStore {
  pageId: string;
  lang: Lang;
  getState: () => CommentsState;
  setState: (patch: Partial<CommentsState>) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createCommentsStore(pageId: string, lang: Lang): CommentsStore {
  let state: CommentsState = { comments: [], members: [], loading: true, error: null, filter: "open", composing: null, focused: null };
  const listeners = new Set<() => void>();
  return {
    pageId,
    lang,
    getState: () => state,
    setState(patch) {
      state = { ...state, ...patch };
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const CommentsContext = createContext<CommentsStore | null>(null);

export function useCommentsStore(): CommentsStore {
  const store = useContext(CommentsContext);
  if (!store) throw new Error("useCommentsStore hors d'un éditeur");
  return store;
}

export function useComments<T>(selector: (s: CommentsState) => T): T {
  const store = useCommentsStore();
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}

const NONE = () => () => {};

/** Open threads pinned to `targetId` (0 outside an editor that has comments: revisions, previews). */
export function useOpenThreadCount(targetId: string): number {
  const store = useContext(CommentsContext);
  const read = useCallback(() => (store ? openThreadCount(store.getState().comments, targetId) : 0), [store, targetId]);
  return useSyncExternalStore(store ? store.subscribe : NONE, read, read);
}

export function openThreadCount(comments: readonly CommentView[], targetId: string): number {
  let n = 0;
  for (const c of comments) if (c.parentId === null && c.targetId === targetId && c.resolvedAt === null) n++;
  return n;
}

export const messageOf = (e: unknown) => (e instanceof ApiClientError || e instanceof Error ? e.message : "Erreur inattendue.");

export async function loadComments(store: CommentsStore, signal?: AbortSignal): Promise<void> {
  try {
    const [list, members] = await Promise.all([commentsApi.list(store.pageId, store.lang, { signal }), commentsApi.members({ signal })]);
    store.setState({ comments: list.comments, members: members.members, loading: false, error: null });
  } catch (e) {
    if (signal?.aborted) return;
    store.setState({ loading: false, error: `Les commentaires n'ont pas pu être chargés\u00a0: ${messageOf(e)}` });
  }
}

/**
 * Loads the comments once the editor opens (its canvas markers need them before the panel is shown), then
 * `onLoaded`: a mention's link (?comment=…) opens its thread.
 */
export function useCommentsLoader(store: CommentsStore, onLoaded?: (comments: CommentView[]) => void) {
  useEffect(() => {
    const controller = new AbortController();
    void loadComments(store, controller.signal).then(() => {
      if (!controller.signal.aborted) onLoaded?.(store.getState().comments);
    });
    return () => controller.abort();
    // Once per editor: `onLoaded` is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
}

/** The comment named by the address (?comment=…, a mention's link), as its thread's first comment. */
export function commentFromAddress(comments: readonly CommentView[]): CommentView | null {
  const id = new URLSearchParams(window.location.search).get("comment");
  const c = id ? comments.find((x) => x.id === id) : undefined;
  if (!c) return null;
  return c.parentId ? (comments.find((x) => x.id === c.parentId) ?? null) : c;
}

function replace(store: CommentsStore, comment: CommentView) {
  const list = store.getState().comments;
  const i = list.findIndex((c) => c.id === comment.id);
  store.setState({ comments: i < 0 ? [...list, comment] : list.map((c) => (c.id === comment.id ? comment : c)) });
}

/** Writes a comment or a reply; the server's refusal is thrown (the form keeps the text). */
export async function addComment(store: CommentsStore, input: { targetId?: string; parentId?: string; body: string; mentions: string[] }) {
  const { comment } = await commentsApi.create({ pageId: store.pageId, lang: store.lang, ...input });
  replace(store, comment);
  // An answer reopens its thread on the server: the list says so too.
  if (comment.parentId) {
    const root = store.getState().comments.find((c) => c.id === comment.parentId);
    if (root?.resolvedAt) replace(store, { ...root, resolvedAt: null, resolvedBy: null });
  }
  return comment;
}

export async function editComment(store: CommentsStore, id: string, body: string, mentions: string[]) {
  replace(store, (await commentsApi.edit(id, body, mentions)).comment);
}

export async function removeComment(store: CommentsStore, id: string) {
  await commentsApi.remove(id);
  store.setState({ comments: store.getState().comments.filter((c) => c.id !== id && c.parentId !== id) });
}

export async function resolveThread(store: CommentsStore, id: string, resolved: boolean) {
  replace(store, (await commentsApi.resolve(id, resolved)).comment);
}
