import { useEffect, useState, useSyncExternalStore } from "react";
import { ConfirmDialog } from "~/components/kit/ConfirmDialog";
import { ApiClientError } from "~/lib/admin/api-client";
import { savedSectionsApi } from "~/lib/api/client";
import type { SavedSection } from "~/lib/api/saved-sections";
import { commit, useBuilderStore } from "~/lib/builder/store";
import { offerUndo } from "~/lib/builder/undo-offer";
import { cloneBlock } from "~/lib/document/ops";
import { markSampleTree } from "~/lib/elements/sample";
import type { Block } from "~/lib/document/schema";
import { savedSectionNameSchema } from "~/lib/saved-sections/saved-section-schemas";
import { Dialog } from "~/components/kit/Dialog";

/**
 * Saved sections (issue 11 §6): "Enregistrer comme modèle" keeps the selected block under a name in the
 * site's library (the server stores it), and the Blocs tab lists the library to insert a model into any
 * page, as a copy with new ids. The library is read once per builder and shared by both places.
 */
type Library = { state: "idle" | "loading" | "ready" | "error"; sections: SavedSection[]; error: string | null };
let library: Library = { state: "idle", sections: [], error: null };
const listeners = new Set<() => void>();
function setLibrary(next: Partial<Library>) {
  library = { ...library, ...next };
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const message = (e: unknown) => (e instanceof ApiClientError || e instanceof Error ? e.message : "Erreur inattendue.");

async function loadLibrary() {
  setLibrary({ state: "loading", error: null });
  try {
    setLibrary({ state: "ready", sections: (await savedSectionsApi.list()).sections });
  } catch (e) {
    setLibrary({ state: "error", error: message(e) });
  }
}

function useLibrary(): Library {
  const lib = useSyncExternalStore(
    subscribe,
    () => library,
    () => library,
  );
  useEffect(() => {
    // Read again each time the Blocs tab opens: another editor may have saved a model meanwhile.
    if (library.state !== "loading") void loadLibrary();
  }, []);
  return lib;
}

const btn = "rounded-lg border border-neutral-300 bg-white px-3 py-2 text-left text-sm hover:border-ink hover:bg-neutral-50";

/** The Blocs tab's "Modèles enregistrés": insert (after the selected block, else at the end) or delete. */
export function SavedModels() {
  const store = useBuilderStore();
  const lib = useLibrary();
  const [removing, setRemoving] = useState<SavedSection | null>(null);

  function insert(model: SavedSection) {
    const { doc, selected } = store.getState();
    // A model's text is a pattern to adapt: marked as sample copy for the pre-publish check (decision 036).
    const [copy] = markSampleTree({ blocks: [cloneBlock(model.block)] }).blocks;
    const after = selected?.kind === "block" ? doc.blocks.findIndex((b) => b.id === selected.id) + 1 : 0;
    const at = after > 0 ? after : doc.blocks.length;
    const blocks = doc.blocks.slice();
    blocks.splice(at, 0, copy);
    commit(store, { ...doc, blocks }, { selected: { kind: "block", id: copy.id }, tab: "settings", announcement: `Modèle « ${model.name} » inséré` });
  }

  async function remove(model: SavedSection) {
    setRemoving(null);
    try {
      await savedSectionsApi.remove(model.id);
      setLibrary({ sections: library.sections.filter((s) => s.id !== model.id) });
      store.setState({ announcement: `Modèle « ${model.name} » supprimé` });
      // "Modèle supprimé · Annuler" (issue 11 §5): Annuler saves it again under its name (a new id; pages
      // that used it kept their copy anyway).
      offerUndo(store, "Modèle supprimé", async () => {
        try {
          const { section } = await savedSectionsApi.save(model.name, model.block);
          setLibrary({ sections: [section, ...library.sections.filter((s) => s.id !== section.id)], error: null });
          store.setState({ announcement: `Modèle « ${model.name} » rétabli` });
        } catch (e) {
          setLibrary({ error: message(e) });
        }
      });
    } catch (e) {
      setLibrary({ error: message(e) });
    }
  }

  return (
    <section data-testid="saved-models">
      <h2 className="mb-2 font-bold">Modèles enregistrés</h2>
      {lib.state === "loading" && lib.sections.length === 0 ? <p className="text-sm text-neutral-600">Chargement…</p> : null}
      {lib.error ? (
        <p className="text-sm text-red-700" role="alert">
          {lib.error}
        </p>
      ) : null}
      {lib.state === "ready" && lib.sections.length === 0 ? (
        <p className="text-sm text-neutral-600">Aucun modèle pour l'instant : sélectionnez un bloc, puis « Enregistrer comme modèle ».</p>
      ) : null}
      <ul className="grid gap-2">
        {lib.sections.map((m) => (
          <li key={m.id} className="flex items-stretch gap-1" data-saved-model={m.name}>
            <button
              type="button"
              className={`${btn} min-w-0 flex-1 truncate`}
              onClick={() => insert(m)}
              title={`Insérer « ${m.name} »`}
              data-action="insert-model"
            >
              {m.name}
            </button>
            <button
              type="button"
              className="rounded-lg border border-neutral-300 px-2 text-sm text-red-700 hover:border-red-700"
              onClick={() => setRemoving(m)}
              aria-label={`Supprimer le modèle « ${m.name} »`}
              data-action="delete-model"
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      {removing ? (
        <ConfirmDialog
          title="Supprimer ce modèle ?"
          confirmLabel="Supprimer le modèle"
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
          testId="confirm-delete-model"
        >
          <p>« {removing.name} » quittera la bibliothèque. Les pages qui l'utilisent gardent leur copie.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** In the block's settings: names the block and stores it in the library. */
export function SaveAsModelButton({ block }: { block: Block }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={btn} onClick={() => setOpen(true)} data-action="save-as-model">
        Enregistrer comme modèle
      </button>
      {open ? <SaveModelDialog block={block} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SaveModelDialog({ block, onClose }: { block: Block; onClose: () => void }) {
  const store = useBuilderStore();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save(close: () => void) {
    const checked = savedSectionNameSchema.safeParse(name);
    if (!checked.success) return setError(`Nom invalide : ${checked.error.issues[0]?.message ?? "format inattendu"}`);
    setBusy(true);
    setError(null);
    try {
      const { section } = await savedSectionsApi.save(checked.data, block);
      setLibrary({ sections: [section, ...library.sections], state: library.state === "idle" ? "idle" : "ready" });
      store.setState({ announcement: `Bloc enregistré comme modèle « ${section.name} »` });
      close();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      title="Enregistrer comme modèle"
      onClose={onClose}
      testId="save-model-dialog"
      confirm={{ label: busy ? "Enregistrement…" : "Enregistrer", onConfirm: (close) => void save(close), disabled: busy, action: "confirm-save-model" }}
    >
      <label className="block text-sm font-semibold">
        Nom du modèle
        <input
          className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2 font-normal"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          placeholder="Bandeau de contact, tarifs…"
          data-testid="model-name"
        />
      </label>
      <p className="mt-2 text-xs text-neutral-600">Le modèle apparaîtra dans l'onglet Blocs de toutes les pages.</p>
      {error ? (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
