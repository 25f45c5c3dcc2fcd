import { useEffect, useMemo, useState } from "react";
import { formatDateTime } from "~/lib/admin/site-zone";
import { applyMerge, fetchTheirs } from "~/lib/builder/compare-actions";
import type { PageRef } from "~/lib/builder/persistence";
import { useBuilderStore } from "~/lib/builder/store";
import { diffDocuments } from "~/lib/document/diff";
import { mergeByBlock, startingSide, type Side } from "~/lib/document/restore-part";
import type { PageDocument, RenderDocument } from "~/lib/document/schema";
import type { MediaMap } from "~/lib/elements/context";
import { NBSP } from "~/lib/typography/french";
import { Dialog } from "~/components/kit/Dialog";
import { CompareView, type Labels } from "./compare/CompareView";

/** In the conflict view the sides are people, not times: "added" means "only in yours". */
const CONFLICT_LABELS: Labels = { added: "Seulement la vôtre", removed: "Seulement la leur", changed: "Différent", moved: "Déplacé" };

type Theirs = Awaited<ReturnType<typeof fetchTheirs>>;

/**
 * A save refused because someone saved the page meanwhile (issue 25 §3, decision 050): their version (the
 * server's draft now) and yours side by side, block by block, a choice per block that differs — starting on
 * the side that changed it since this browser's last save, yours when both did — then the merged document
 * is saved against their version. Nothing is lost on the way: until Enregistrer, your document stays in
 * the builder and its local backup, and Annuler leaves the conflict as it was (Recharger / Écraser remain).
 */
export function ConflictDialog({ page, media, onClose }: { page: PageRef; media: MediaMap; onClose: () => void }) {
  const store = useBuilderStore();
  // Yours and the base are read once: the dialog is modal, nothing edits the page behind it.
  const [{ mine, base }] = useState(() => ({ mine: store.getState().doc, base: store.getState().savedDoc }));
  const [theirs, setTheirs] = useState<Theirs | null>(null);
  const [choices, setChoices] = useState<Map<string, Side>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchTheirs(page)
      .then((t) => {
        if (!live) return;
        setTheirs(t);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [page]);

  const diff = useMemo(() => (theirs ? diffDocuments<RenderDocument>(theirs.doc, mine) : null), [theirs, mine]);
  const starts = useMemo(() => {
    const out = new Map<string, { side: Side; both: boolean }>();
    if (!diff || !theirs) return out;
    const baseBlocks = new Map(base.blocks.map((b) => [b.id, b]));
    const t = new Map(theirs.doc.blocks.map((b) => [b.id, b]));
    const m = new Map(mine.blocks.map((b) => [b.id, b]));
    for (const b of diff.blocks) if (b.kind !== "same" || b.moved) out.set(b.id, startingSide(baseBlocks.get(b.id), t.get(b.id), m.get(b.id)));
    return out;
  }, [diff, theirs, base, mine]);
  const sideOf = (id: string): Side => choices.get(id) ?? starts.get(id)?.side ?? "mine";

  async function save(close: () => void) {
    if (!theirs || !diff) return;
    setBusy(true);
    setError(null);
    const chosen = new Map<string, Side>();
    for (const id of starts.keys()) chosen.set(id, sideOf(id));
    const merged: PageDocument = mergeByBlock(theirs.doc, mine, chosen);
    const ok = await applyMerge(page, store, merged, theirs.doc, theirs.version);
    if (ok) return close();
    if (store.getState().saveState === "conflict") {
      // Saved elsewhere again meanwhile: their newer version replaces the one shown, the choices start over.
      setError(`La page a encore été enregistrée ailleurs${NBSP}: voici sa nouvelle version, choisissez de nouveau.`);
      setChoices(new Map());
      try {
        setTheirs(await fetchTheirs(page));
      } catch (e) {
        setError(e instanceof Error ? e.message : "Lecture impossible.");
      }
    } else setError(store.getState().message ?? "Enregistrement impossible.");
    setBusy(false);
  }

  const differing = diff ? diff.blocks.filter((b) => b.kind !== "same" || b.moved).length : 0;
  return (
    <Dialog
      title={`Conflit de version${NBSP}: choisir bloc par bloc`}
      onClose={onClose}
      size="full"
      testId="conflict-dialog"
      confirm={{ label: "Enregistrer ce choix", action: "conflict-save", disabled: !diff || busy, onConfirm: (close) => void save(close) }}
    >
      <div className="flex h-full min-h-0 flex-col">
        {error ? (
          <p role="alert" className="mb-2 rounded bg-red-50 p-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <p className="pb-2 text-sm" role="status" data-testid="conflict-summary">
          {theirs
            ? `${theirs.updatedBy ?? "Quelqu'un"} a enregistré cette page le ${formatDateTime(theirs.updatedAt)}. ${differing} bloc${differing > 1 ? "s" : ""} diffère${differing > 1 ? "nt" : ""}${NBSP}: gardez pour chacun leur version ou la vôtre, puis enregistrez.`
            : error
              ? null
              : "Lecture de la version enregistrée…"}
        </p>
        <div className="min-h-0 flex-1 overflow-auto pr-1">
          {diff ? (
            <CompareView
              diff={diff}
              lang={page.lang}
              media={media}
              labels={CONFLICT_LABELS}
              headings={{ before: "Leur version", after: "Votre version" }}
              showSame={false}
              blockActions={(b) => {
                const side = sideOf(b.id);
                const name = `choice-${b.id}`;
                return (
                  <fieldset className="flex flex-wrap items-center gap-2 text-sm" data-testid="block-choice">
                    <legend className="sr-only">Version à garder pour ce bloc</legend>
                    {starts.get(b.id)?.both ? <span className="text-xs font-semibold text-amber-900">Modifié des deux côtés</span> : null}
                    {(["theirs", "mine"] as const).map((s) => (
                      <label
                        key={s}
                        className={`flex cursor-pointer items-center gap-1 rounded-full border px-3 py-1 focus-within:ring-2 focus-within:ring-sky-600 ${side === s ? "border-ink bg-ink text-white" : "border-neutral-300"}`}
                      >
                        <input
                          type="radio"
                          name={name}
                          className="sr-only"
                          checked={side === s}
                          onChange={() => setChoices((c) => new Map(c).set(b.id, s))}
                          data-action={s === "theirs" ? "keep-theirs" : "keep-mine"}
                        />
                        {s === "theirs" ? "Garder la leur" : "Garder la mienne"}
                      </label>
                    ))}
                  </fieldset>
                );
              }}
            />
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
