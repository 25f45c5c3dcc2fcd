import type { Editor } from "@tiptap/react";
import { useEffect, useRef, useState } from "react";
import { ApiClientError } from "~/lib/admin/api-client";
import { pagesApi } from "~/lib/api/client";
import type { ArticleLang } from "~/lib/blog/article-schemas";
import type { PageDocument } from "~/lib/document/schema";
import { documentFromEditorHtml } from "./convert";
import { stampElementIds } from "./stamp";

/**
 * Autosave of an article's languages (decision record 040): a pause of AUTOSAVE_MS after the last change
 * saves that language's body (the page draft API, with the version read: the same stale-version lock as
 * the builder) and then its metadata (given by the screen). One queue per language, so a body save and a
 * metadata save never race for the version they share.
 */
export const AUTOSAVE_MS = 1200;

export type SaveState =
  { kind: "saved" } | { kind: "pending" } | { kind: "saving" } | { kind: "error"; message: string; stale: boolean; redirect?: string; lang: ArticleLang };

export interface LangBody {
  base: PageDocument;
  version: number;
}

/** The metadata save of one language, given the version to send; returns the new version, or null when nothing was saved. */
export type SaveMeta = (lang: ArticleLang, version: number, force: boolean) => Promise<number | null>;

export function useAutosave({
  articleId,
  saveMeta,
  onBodySaved,
  paused = () => false,
}: {
  articleId: string | null;
  saveMeta: SaveMeta;
  onBodySaved: (lang: ArticleLang) => void;
  /** True while the tab is read-only (another holds the article, decision 049): what waits stays waiting. */
  paused?: () => boolean;
}) {
  const bodies = useRef<Partial<Record<ArticleLang, LangBody>>>({});
  const editors = useRef<Partial<Record<ArticleLang, Editor>>>({});
  const edits = useRef<Record<ArticleLang, number>>({ fr: 0, en: 0 });
  const saved = useRef<Record<ArticleLang, number>>({ fr: 0, en: 0 });
  const metaDirty = useRef<Record<ArticleLang, boolean>>({ fr: false, en: false });
  const timers = useRef<Partial<Record<ArticleLang, ReturnType<typeof setTimeout>>>>({});
  const queue = useRef<Record<ArticleLang, Promise<boolean>>>({ fr: Promise.resolve(true), en: Promise.resolve(true) });
  const [state, setState] = useState<SaveState>({ kind: "saved" });
  const stateRef = useRef(state);
  const set = (s: SaveState) => {
    stateRef.current = s;
    setState(s);
  };
  const saveMetaRef = useRef(saveMeta);
  saveMetaRef.current = saveMeta;

  useEffect(() => () => Object.values(timers.current).forEach((t) => clearTimeout(t)), []);

  const pending = () => (["fr", "en"] as const).some((l) => edits.current[l] !== saved.current[l] || metaDirty.current[l]);

  function schedule(lang: ArticleLang) {
    clearTimeout(timers.current[lang]);
    // A stale version stays on screen until the writer chooses: typing on must not hide it. Set once per
    // pause, not per key: each change of this state draws the whole screen again.
    const now = stateRef.current;
    if (now.kind !== "pending" && (now.kind !== "error" || !now.stale)) set({ kind: "pending" });
    timers.current[lang] = setTimeout(() => void flush(lang), AUTOSAVE_MS);
  }

  async function saveNow(lang: ArticleLang, force: boolean): Promise<boolean> {
    const body = bodies.current[lang];
    const editor = editors.current[lang];
    if (!articleId || !body) return true;
    if (paused()) return false;
    const metaWaiting = metaDirty.current[lang];
    try {
      const count = edits.current[lang];
      if (editor && count !== saved.current[lang]) {
        const known = new Map(
          body.base.blocks.flatMap((b) => b.sections.flatMap((s) => s.columns.flatMap((c) => c.elements.map((e) => [e.id, e.type] as const)))),
        );
        stampElementIds(editor, (id) => known.get(id));
        const doc = documentFromEditorHtml(editor.getHTML(), body.base);
        const r = await pagesApi.saveDraft(articleId, lang, { doc, version: body.version, ...(force ? { force: true as const } : {}) });
        bodies.current[lang] = { base: r.doc ?? doc, version: r.version };
        saved.current[lang] = count;
        onBodySaved(lang);
      }
      if (metaDirty.current[lang]) {
        metaDirty.current[lang] = false;
        const version = await saveMetaRef.current(lang, bodies.current[lang]!.version, force);
        if (version !== null) bodies.current[lang] = { ...bodies.current[lang]!, version };
      }
      if (!pending()) set({ kind: "saved" });
      return true;
    } catch (e) {
      metaDirty.current[lang] ||= metaWaiting;
      set({
        kind: "error",
        lang,
        message: e instanceof Error ? e.message : "Enregistrement impossible",
        stale: e instanceof ApiClientError && e.code === "stale_version",
        redirect: e instanceof ApiClientError && e.code === "slug_redirected" && typeof e.details.fromPath === "string" ? e.details.fromPath : undefined,
      });
      return false;
    }
  }

  /** Saves what is waiting in one language now (after what is already under way). */
  function flush(lang: ArticleLang, force = false): Promise<boolean> {
    clearTimeout(timers.current[lang]);
    if (stateRef.current.kind !== "error") set({ kind: "saving" });
    queue.current[lang] = queue.current[lang].then(() => saveNow(lang, force));
    return queue.current[lang];
  }

  const flushAll = async (force = false) => (await Promise.all((["fr", "en"] as const).map((l) => flush(l, force)))).every(Boolean);

  return {
    state,
    bodies,
    editors,
    pending,
    /** The body of one language changed (the editor's update). */
    bodyEdited: (lang: ArticleLang) => {
      edits.current[lang]++;
      schedule(lang);
    },
    metaEdited: (lang: ArticleLang) => {
      metaDirty.current[lang] = true;
      schedule(lang);
    },
    flush,
    flushAll,
    /** After a reload: nothing waits any more. */
    reset: () => {
      Object.values(timers.current).forEach((t) => clearTimeout(t));
      edits.current = { fr: 0, en: 0 };
      saved.current = { fr: 0, en: 0 };
      metaDirty.current = { fr: false, en: false };
      set({ kind: "saved" });
    },
  };
}
