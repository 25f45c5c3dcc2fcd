import { formatDateTime } from "~/lib/admin/site-zone";
import { useEffect, useMemo, useRef, useState } from "react";
import { pagesApi } from "~/lib/api/client";
import type { RevisionSummary } from "~/lib/api/pages";
import type { RenderDocument } from "~/lib/document/schema";
import { diffDocuments } from "~/lib/document/diff";
import { RenderProvider, type MediaMap } from "~/lib/elements/context";
import { DocumentView } from "~/lib/elements/DocumentView";
// The registry hands the gallery renderer over (the public island loads it on demand): no suspending here.
import "~/lib/elements/registry";
import type { PageRef } from "~/lib/builder/persistence";
import { restoreRevisionAction } from "~/lib/builder/revision-restore";
import { restorePartAction, type PartRef } from "~/lib/builder/compare-actions";
import { useBuilder, useBuilderStore } from "~/lib/builder/store";
import type { Lang } from "~/lib/i18n/routes";
import { NBSP } from "~/lib/typography/french";
import { Dialog } from "~/components/kit/Dialog";
import { CompareView, summaryOf } from "./compare/CompareView";

type Revision = RevisionSummary;
/** A side of the comparison: the current draft, or a revision's id. */
type Pick = "draft" | string;

const fmt = (iso: string) => formatDateTime(iso);
const LANG_NAME: Record<Lang, string> = { fr: "française", en: "anglaise" };

/**
 * Every publication is a revision: preview it, restore it whole as the draft, or compare any two of them
 * (or one and the draft) block by block, per language, and restore one block or section from it into the
 * draft (decision 050). The draft of the builder's language is the one being edited, unsaved changes
 * included; the other language's is read from the server and compared only (restoring there happens in
 * its own builder).
 */
export function RevisionsDialog({
  page,
  onClose,
  media = {},
  otherLang = null,
}: {
  page: PageRef;
  onClose: () => void;
  media?: MediaMap;
  otherLang?: Lang | null;
}) {
  const store = useBuilderStore();
  const draft = useBuilder((s) => s.doc);
  const [lang, setLang] = useState<Lang>(page.lang);
  const [revisions, setRevisions] = useState<Partial<Record<Lang, Revision[]>>>({});
  const [preview, setPreview] = useState<(Revision & { doc: RenderDocument }) | null>(null);
  const [compare, setCompare] = useState<{ left: Pick; right: Pick } | null>(null);
  const [docs, setDocs] = useState<Record<string, RenderDocument>>({});
  const [showSame, setShowSame] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = revisions[lang] ?? null;

  useEffect(() => {
    if (revisions[lang]) return;
    let live = true;
    pagesApi
      .revisions(page.pageId, lang)
      .then((r) => live && setRevisions((all) => ({ ...all, [lang]: r.revisions })))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [page, lang, revisions]);

  // The documents the comparison needs, each read once (revisions never change; the other language's draft
  // is read when that language is chosen).
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!compare) return;
    for (const pick of [compare.left, compare.right]) {
      const key = `${lang}:${pick}`;
      if (asked.current.has(key) || (pick === "draft" && lang === page.lang)) continue;
      asked.current.add(key);
      const read =
        pick === "draft" ? pagesApi.draft(page.pageId, lang).then((r) => r.draft.doc) : pagesApi.revision(page.pageId, lang, pick).then((r) => r.revision.doc);
      read
        .then((doc) => setDocs((d) => ({ ...d, [key]: doc })))
        .catch((e: Error) => {
          asked.current.delete(key);
          setError(e.message);
        });
    }
  }, [compare, lang, page]);

  const docOf = (pick: Pick): RenderDocument | undefined => (pick === "draft" && lang === page.lang ? draft : docs[`${lang}:${pick}`]);
  const left = compare ? docOf(compare.left) : undefined;
  const right = compare ? docOf(compare.right) : undefined;
  const diff = useMemo(() => (left && right ? diffDocuments<RenderDocument>(left, right) : null), [left, right]);

  async function restore(id: string) {
    setError(null);
    try {
      await restoreRevisionAction(page, store, id);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Restauration impossible");
    }
  }

  const nameOf = (pick: Pick) => {
    if (pick === "draft") return "Brouillon actuel";
    const r = list?.find((x) => x.id === pick);
    return r ? `Publiée le ${fmt(r.createdAt)}` : "Révision";
  };

  const alert = error ? (
    <p role="alert" className="mb-3 rounded bg-red-50 p-2 text-sm text-red-800">
      {error}
    </p>
  ) : null;

  if (preview) {
    return (
      <Dialog
        title={`Aperçu de la révision du ${fmt(preview.createdAt)}`}
        onClose={() => setPreview(null)}
        size="3xl"
        actions={
          <button
            type="button"
            className="rounded-full bg-brand-yellow px-4 py-2 font-semibold"
            onClick={() => restore(preview.id)}
            data-action="restore-revision"
          >
            Restaurer cette révision
          </button>
        }
      >
        <div className="max-h-[60vh] overflow-auto rounded border border-neutral-200" data-testid="revision-preview">
          <RenderProvider value={{ lang: page.lang, media }}>
            <DocumentView doc={preview.doc} />
          </RenderProvider>
        </div>
      </Dialog>
    );
  }

  if (compare) {
    // Restoring takes a part of a revision into the draft being edited: one side is that draft, the other a revision.
    const source = lang === page.lang && (compare.left === "draft") !== (compare.right === "draft") ? (compare.left === "draft" ? "after" : "before") : null;
    const sourceDoc = source === "before" ? left : source === "after" ? right : undefined;
    const restorePart = (part: PartRef) => {
      setError(null);
      setDone(null);
      if (!sourceDoc || !restorePartAction(store, sourceDoc, part)) setError(`Cette partie ne peut pas être restaurée${NBSP}: restaurez la révision entière.`);
      else setDone(part.kind === "block" ? "Bloc restauré dans le brouillon." : "Section restaurée dans le brouillon.");
    };
    const picker = (value: Pick, onChange: (v: Pick) => void, label: string, action: string) => (
      <label className="flex items-center gap-1.5 text-sm">
        <span>{label}</span>
        <select className="rounded border border-neutral-300 px-2 py-1" value={value} onChange={(e) => onChange(e.target.value)} data-action={action}>
          <option value="draft">Brouillon actuel</option>
          {(list ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              Publiée le {fmt(r.createdAt)}
            </option>
          ))}
        </select>
      </label>
    );
    return (
      <Dialog title="Comparer les versions" onClose={onClose} size="full" closeIn="header" testId="compare-dialog">
        <div className="flex h-full min-h-0 flex-col">
          <div className="flex flex-wrap items-center gap-3 border-b border-neutral-200 pb-3">
            <button
              type="button"
              className="rounded border border-neutral-300 px-2 py-1 text-sm"
              onClick={() => {
                setCompare(null);
                setLang(page.lang);
              }}
              data-action="back-to-revisions"
            >
              ← Révisions
            </button>
            {otherLang ? (
              <label className="flex items-center gap-1.5 text-sm">
                <span>Langue</span>
                <select
                  className="rounded border border-neutral-300 px-2 py-1"
                  value={lang}
                  onChange={(e) => {
                    setLang(e.target.value as Lang);
                    setCompare({ left: "draft", right: "draft" });
                  }}
                  data-action="compare-lang"
                >
                  <option value={page.lang}>{page.lang === "fr" ? "Français" : "Anglais"}</option>
                  <option value={otherLang}>{otherLang === "fr" ? "Français" : "Anglais"}</option>
                </select>
              </label>
            ) : null}
            {picker(compare.left, (v) => setCompare({ ...compare, left: v }), "Comparer", "compare-left")}
            {picker(compare.right, (v) => setCompare({ ...compare, right: v }), "avec", "compare-right")}
            <label className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" checked={showSame} onChange={(e) => setShowSame(e.target.checked)} data-action="show-same" />
              Afficher les blocs identiques
            </label>
          </div>
          {alert}
          <p role="status" className="py-2 text-sm" data-testid="compare-summary">
            {diff ? summaryOf(diff) : "Chargement…"}
            {done ? ` ${done}` : null}
            {lang !== page.lang ? ` Version ${LANG_NAME[lang]}${NBSP}: ouvrez-la dans le constructeur pour en restaurer une partie.` : null}
          </p>
          <div className="min-h-0 flex-1 overflow-auto pr-1">
            {diff ? (
              <CompareView
                diff={diff}
                lang={lang}
                media={media}
                headings={{ before: nameOf(compare.left), after: nameOf(compare.right) }}
                pair={`${lang}:${compare.left}|${compare.right}`}
                showSame={showSame}
                blockActions={(b) =>
                  source && (source === "before" ? b.before : b.after) && (b.kind !== "same" || b.moved) ? (
                    <button
                      type="button"
                      className="rounded-full bg-brand-yellow px-3 py-1 text-sm font-semibold"
                      onClick={() => restorePart({ kind: "block", id: b.id })}
                      data-action="restore-block"
                    >
                      Restaurer ce bloc
                    </button>
                  ) : null
                }
                sectionActions={(s) =>
                  source && (source === "before" ? s.before : s.after) && (s.kind !== "same" || s.moved) ? (
                    <button
                      type="button"
                      className="rounded border border-neutral-400 px-2 py-0.5 text-xs font-semibold"
                      onClick={() => restorePart({ kind: "section", id: s.id })}
                      data-action="restore-section"
                    >
                      Restaurer cette section
                    </button>
                  ) : null
                }
              />
            ) : null}
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title="Révisions publiées" onClose={onClose}>
      {alert}
      {list === null ? (
        <p>Chargement…</p>
      ) : list.length === 0 ? (
        <p>Aucune publication pour le moment.</p>
      ) : (
        <ul className="max-h-80 divide-y divide-neutral-100 overflow-y-auto" data-testid="revision-list">
          {list.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
              <span className="flex-1">
                {fmt(r.createdAt)}
                <span className="block text-xs text-neutral-500">{r.createdBy ?? "—"}</span>
              </span>
              <button
                type="button"
                className="rounded border border-neutral-300 px-2 py-1"
                onClick={async () => {
                  try {
                    const { revision } = await pagesApi.revision(page.pageId, page.lang, r.id);
                    setPreview(revision);
                  } catch (e) {
                    setError(e instanceof Error ? e.message : "Aperçu impossible");
                  }
                }}
              >
                Aperçu
              </button>
              <button
                type="button"
                className="rounded border border-neutral-300 px-2 py-1"
                onClick={() => setCompare({ left: r.id, right: "draft" })}
                data-action="compare-revision"
              >
                Comparer
              </button>
              <button type="button" className="rounded border border-neutral-300 px-2 py-1" onClick={() => restore(r.id)}>
                Restaurer
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
