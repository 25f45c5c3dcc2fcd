import { useEffect, useRef, useState, type DragEvent } from "react";
import { formatBytes, formatName } from "~/lib/media/edit-math";
import { acceptedInBrowser, altFromFileName, DEFAULT_CATEGORY } from "~/lib/media/media-schemas";
import { Dialog } from "~/components/kit/Dialog";
import { dismissImport, importSnapshot, newImportFileId, startImport, useImportRun, type ImportFile } from "./import-queue";

/**
 * 'Importation en masse' (seed 001 §2, §4, §5, §8): files go one after another, each with its real
 * upload progress; failures are listed (the first 5), success closes the dialog after 1.5 s. The run
 * itself lives in import-queue.ts: closing the dialog only hides it (issue 22 §5).
 */
const CLOSE_AFTER_MS = 1500;
const MAX_LISTED_ERRORS = 5;

interface Picked extends ImportFile {
  preview: string | null;
}

const picked = (f: ImportFile): Picked => ({ ...f, preview: f.file.type.startsWith("image/") ? URL.createObjectURL(f.file) : null });

export function BulkImportDialog({ onClose, category: initialCategory = DEFAULT_CATEGORY }: { onClose: () => void; category?: string }) {
  const run = useImportRun();
  // Reopened after a run with failures: those files are offered again, with the alt texts typed for them.
  const [files, setFiles] = useState<Picked[]>(() => {
    const last = importSnapshot();
    return last && !last.running ? last.failed.map(picked) : [];
  });
  const [category, setCategory] = useState(initialCategory);
  const [rejected, setRejected] = useState(0);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The run this dialog shows the end of: the one it started, or found running when it opened.
  const [shownRun, setShownRun] = useState<number | null>(() => (importSnapshot()?.running ? (importSnapshot()?.runId ?? null) : null));

  useEffect(() => () => files.forEach((f) => f.preview && URL.revokeObjectURL(f.preview)), [files]);

  // The run this dialog started (or found running) ended without an error: the dialog closes itself.
  useEffect(() => {
    if (!run || run.running || run.runId !== shownRun || run.errors.length > 0) return;
    const t = setTimeout(onClose, CLOSE_AFTER_MS);
    return () => clearTimeout(t);
    // `onClose` may be a new function each render without changing meaning.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, shownRun]);

  function choose(list: FileList | null) {
    if (!list) return;
    const all = [...list];
    const kept = all.filter((f) => acceptedInBrowser(f.type));
    setRejected(all.length - kept.length);
    // A new selection replaces the previous one (seed 001 §4); each file gets its own id (two "photo.jpg" stay two).
    setFiles(kept.map((file) => picked({ id: newImportFileId(), file, alt: altFromFileName(file.name) })));
    dismissImport();
  }

  async function start() {
    if (files.length === 0) return;
    const sent = files.map(({ id, file, alt }) => ({ id, file, alt }));
    const runs = startImport(sent, category);
    setShownRun(importSnapshot()?.runId ?? null);
    const ended = await runs;
    // What was imported leaves the list: importing again only retries the failures.
    if (ended) {
      const failed = new Set(ended.failed.map((f) => f.id));
      setFiles((all) => all.filter((f) => failed.has(f.id)));
    }
  }

  const phase = run && (run.running || run.runId === shownRun || run.errors.length > 0) ? run : null;
  const importing = phase?.running === true;
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!importing) choose(e.dataTransfer.files);
  };
  const total = files.length;
  const errors = phase && !phase.running ? phase.errors : [];
  const listed = errors.slice(0, MAX_LISTED_ERRORS);

  return (
    <Dialog title="Importation en masse" onClose={onClose} closeIn="header" size="xl" testId="bulk-import">
      <div className="space-y-4">
        <label className="block text-sm font-semibold">
          Catégorie
          <input
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            disabled={importing}
            className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2 font-normal"
            placeholder="Ex. : bannières, produits, équipe"
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
          <p className="mt-3 text-xs text-neutral-600">Formats acceptés : images (JPG, PNG, GIF, WebP), vidéos (MP4, WebM), documents (PDF)</p>
        </div>
        {rejected > 0 ? (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {rejected} fichier(s) ignoré(s). Seuls les images, vidéos et PDFs sont acceptés.
          </p>
        ) : null}
        {total > 0 ? (
          <ul className="max-h-72 space-y-2 overflow-y-auto pr-1" aria-label="Fichiers sélectionnés">
            {files.map((f) => (
              <li key={f.id} className="flex gap-3 rounded-lg border border-neutral-200 p-2" data-testid="bulk-file">
                <div className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded bg-neutral-100 text-xs font-bold text-neutral-500">
                  {f.preview ? <img src={f.preview} alt="" className="h-full w-full object-cover" /> : f.file.type.startsWith("video/") ? "VIDÉO" : "PDF"}
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-semibold">{f.file.name}</p>
                      <p className="text-xs text-neutral-600">
                        {formatBytes(f.file.size)} · {formatName(f.file.type)}
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
                      value={f.alt}
                      disabled={importing}
                      onChange={(e) => {
                        const alt = e.target.value;
                        setFiles((all) => all.map((x) => (x.id === f.id ? { ...x, alt } : x)));
                      }}
                      placeholder="Description de l'image pour l'accessibilité"
                      className="mt-0.5 w-full rounded border border-neutral-300 px-2 py-1 text-sm font-normal"
                    />
                  </label>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {phase?.running ? (
          <div role="status" aria-live="polite" data-testid="bulk-progress">
            <div className="flex justify-between text-sm font-semibold">
              <span>
                Importation en cours... ({phase.index + 1}/{phase.total})
              </span>
              <span data-testid="bulk-percent">{phase.percent}%</span>
            </div>
            <div className="mt-1 h-2 overflow-hidden rounded-full bg-neutral-200">
              <div className="h-full bg-brand-yellow transition-[width]" style={{ width: `${phase.percent}%` }} />
            </div>
            <p className="mt-1 truncate text-xs text-neutral-600">Importation de {phase.current}</p>
          </div>
        ) : null}
        {errors.length > 0 ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="bulk-errors">
            <p className="font-semibold">{errors.length} erreur(s) lors de l'importation</p>
            <ul className="mt-1 list-disc pl-5">
              {listed.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
            {errors.length > MAX_LISTED_ERRORS ? <p className="mt-1">...et {errors.length - MAX_LISTED_ERRORS} autres erreurs</p> : null}
          </div>
        ) : null}
        {phase && !phase.running && phase.errors.length === 0 ? (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="bulk-success">
            Tous les fichiers ont été importés avec succès !
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="rounded-full px-4 py-2 hover:bg-neutral-100" onClick={onClose}>
            {importing ? "Continuer en arrière-plan" : "Annuler"}
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
