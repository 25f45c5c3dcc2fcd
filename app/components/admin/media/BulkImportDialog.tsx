import { useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { acceptedInBrowser, altFromFileName, DEFAULT_CATEGORY, kilobytes, type MediaItem } from "~/lib/media/media-schemas";
import { uploadMedia } from "~/lib/media/upload-client";
import { Dialog } from "~/components/kit/Dialog";

/**
 * 'Importation en masse' (seed 001 §2, §4, §5, §8): files go one after another, each with its real
 * upload progress; failures are listed (the first 5), success closes the dialog after 1.5 s.
 */
const CLOSE_AFTER_MS = 1500;
const MAX_LISTED_ERRORS = 5;

type Phase = { name: "idle" } | { name: "importing"; index: number; percent: number; file: string } | { name: "done"; errors: string[] };

interface Picked {
  file: File;
  key: string;
  preview: string | null;
}

export function BulkImportDialog({
  onClose,
  onImported,
  category: initialCategory = DEFAULT_CATEGORY,
}: {
  onClose: () => void;
  onImported: (items: MediaItem[]) => void;
  category?: string;
}) {
  const [files, setFiles] = useState<Picked[]>([]);
  const [alts, setAlts] = useState<Record<string, string>>({});
  const [category, setCategory] = useState(initialCategory);
  const [rejected, setRejected] = useState(0);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );
  useEffect(() => () => files.forEach((f) => f.preview && URL.revokeObjectURL(f.preview)), [files]);

  function choose(list: FileList | null) {
    if (!list) return;
    const all = [...list];
    const kept = all.filter((f) => acceptedInBrowser(f.type));
    setRejected(all.length - kept.length);
    // A new selection replaces the previous one (seed 001 §4).
    setFiles(kept.map((file, i) => ({ file, key: `${i}-${file.name}`, preview: file.type.startsWith("image/") ? URL.createObjectURL(file) : null })));
    setAlts(Object.fromEntries(kept.map((f) => [f.name, altFromFileName(f.name)])));
    setPhase({ name: "idle" });
  }

  async function start() {
    if (files.length === 0) return;
    const errors: string[] = [];
    const done: MediaItem[] = [];
    for (let i = 0; i < files.length; i++) {
      const { file } = files[i];
      setPhase({ name: "importing", index: i, percent: Math.round((i / files.length) * 100), file: file.name });
      try {
        const item = await uploadMedia(file, { alt: alts[file.name] ?? "", category }, (fraction) =>
          setPhase({ name: "importing", index: i, percent: Math.round(((i + fraction) / files.length) * 100), file: file.name }),
        );
        done.push(item);
      } catch (e) {
        errors.push(`${file.name}: ${e instanceof Error && e.message ? e.message : "Erreur inconnue"}`);
      }
    }
    setPhase({ name: "done", errors });
    // What was imported leaves the list: importing again only retries the failures.
    const failed = new Set(errors.map((e) => e.slice(0, e.indexOf(": "))));
    setFiles((all) => all.filter((f) => failed.has(f.file.name)));
    if (done.length > 0) onImported(done);
    if (errors.length === 0) closeTimer.current = setTimeout(onClose, CLOSE_AFTER_MS);
  }

  const importing = phase.name === "importing";
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!importing) choose(e.dataTransfer.files);
  };
  const total = files.length;
  const listed = useMemo(() => (phase.name === "done" ? phase.errors.slice(0, MAX_LISTED_ERRORS) : []), [phase]);

  return (
    <Dialog title="Importation en masse" onClose={onClose} canClose={!importing} closeIn="header" size="xl" testId="bulk-import">
      <div className="space-y-4">
        <label className="block text-sm font-semibold">
          Catégorie
          <input
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            disabled={importing}
            className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2 font-normal"
            placeholder="Ex. : bannières, produits, équipe"
          />
        </label>
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`rounded-xl border-2 border-dashed p-6 text-center ${dragging ? "border-brand-yellow bg-amber-50" : "border-neutral-300"}`}
          data-testid="drop-zone"
        >
          <p className="font-semibold">Glissez-déposez vos fichiers ici</p>
          <p className="my-2 text-sm text-neutral-600">ou</p>
          <button
            type="button"
            disabled={importing}
            className="rounded-full bg-neutral-900 px-4 py-2 text-sm font-bold text-white disabled:opacity-50"
            onClick={() => input.current?.click()}
          >
            Parcourir les fichiers
          </button>
          <input
            ref={input}
            type="file"
            multiple
            accept="image/*,video/*,application/pdf"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="bulk-file-input"
            onChange={(e) => choose(e.target.files)}
          />
          <p className="mt-3 text-xs text-neutral-600">Formats acceptés : images (JPG, PNG, GIF, WebP), vidéos (MP4, WebM), documents (PDF)</p>
        </div>
        {rejected > 0 ? (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {rejected} fichier(s) ignoré(s). Seuls les images, vidéos et PDFs sont acceptés.
          </p>
        ) : null}
        {total > 0 ? (
          <ul className="max-h-72 space-y-2 overflow-y-auto pr-1" aria-label="Fichiers sélectionnés">
            {files.map((f) => (
              <li key={f.key} className="flex gap-3 rounded-lg border border-neutral-200 p-2" data-testid="bulk-file">
                <div className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded bg-neutral-100 text-xs font-bold text-neutral-500">
                  {f.preview ? <img src={f.preview} alt="" className="h-full w-full object-cover" /> : f.file.type.startsWith("video/") ? "VIDÉO" : "PDF"}
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-semibold">{f.file.name}</p>
                      <p className="text-xs text-neutral-600">
                        {kilobytes(f.file.size)} · {f.file.type.split("/")[1] ?? ""}
                      </p>
                    </div>
                    <button
                      type="button"
                      disabled={importing}
                      aria-label={`Retirer ${f.file.name}`}
                      className="rounded px-2 text-lg leading-none text-neutral-500 hover:bg-neutral-100"
                      onClick={() => setFiles((all) => all.filter((x) => x !== f))}
                    >
                      ×
                    </button>
                  </div>
                  <label className="mt-1 block text-xs font-semibold">
                    Texte alternatif
                    <input
                      value={alts[f.file.name] ?? ""}
                      disabled={importing}
                      onChange={(e) => setAlts((a) => ({ ...a, [f.file.name]: e.target.value }))}
                      placeholder="Description de l'image pour l'accessibilité"
                      className="mt-0.5 w-full rounded border border-neutral-300 px-2 py-1 text-sm font-normal"
                    />
                  </label>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {phase.name === "importing" ? (
          <div role="status" aria-live="polite" data-testid="bulk-progress">
            <div className="flex justify-between text-sm font-semibold">
              <span>
                Importation en cours... ({phase.index + 1}/{total})
              </span>
              <span data-testid="bulk-percent">{phase.percent}%</span>
            </div>
            <div className="mt-1 h-2 overflow-hidden rounded-full bg-neutral-200">
              <div className="h-full bg-brand-yellow transition-[width]" style={{ width: `${phase.percent}%` }} />
            </div>
            <p className="mt-1 truncate text-xs text-neutral-600">Importation de {phase.file}</p>
          </div>
        ) : null}
        {phase.name === "done" && phase.errors.length > 0 ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="bulk-errors">
            <p className="font-semibold">{phase.errors.length} erreur(s) lors de l'importation</p>
            <ul className="mt-1 list-disc pl-5">
              {listed.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
            {phase.errors.length > MAX_LISTED_ERRORS ? <p className="mt-1">...et {phase.errors.length - MAX_LISTED_ERRORS} autres erreurs</p> : null}
          </div>
        ) : null}
        {phase.name === "done" && phase.errors.length === 0 ? (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="bulk-success">
            Tous les fichiers ont été importés avec succès !
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" disabled={importing} className="rounded-full px-4 py-2 hover:bg-neutral-100 disabled:opacity-50" onClick={onClose}>
            Annuler
          </button>
          <button
            type="button"
            disabled={total === 0 || importing}
            className="rounded-full bg-brand-yellow px-5 py-2 font-bold text-ink disabled:opacity-50"
            onClick={() => void start()}
          >
            Importer ({total})
          </button>
        </div>
      </div>
    </Dialog>
  );
}
