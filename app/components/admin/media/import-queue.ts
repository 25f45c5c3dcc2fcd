import { useSyncExternalStore } from "react";
import type { MediaItem } from "~/lib/media/media-schemas";
import { uploadMedia } from "~/lib/media/upload-client";

/**
 * The bulk import's run lives outside any dialog (issue 22 §5): hiding the import dialog, or closing the
 * picker it was opened from, neither stops nor silences it. The Médiathèque (page or picker) shows a small
 * "Import : 3/12" indicator while it runs and announces the result when it ends. Files are told apart by
 * an id of their own, never by name: two "photo.jpg" keep their own alt texts.
 */
export interface ImportFile {
  id: string;
  file: File;
  alt: string;
}

export interface ImportRun {
  /** Changes with every new run: a screen tells "this run ended" from "a run I already announced". */
  runId: number;
  total: number;
  /** The file being sent (0-based) while running. */
  index: number;
  percent: number;
  current: string;
  running: boolean;
  imported: MediaItem[];
  /** One line per failed file, and those files (offered again for a retry). */
  errors: string[];
  failed: ImportFile[];
}

let run: ImportRun | null = null;
let runs = 0;
const listeners = new Set<() => void>();

function set(next: ImportRun | null) {
  run = next;
  listeners.forEach((l) => l());
}

export function subscribeImport(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const importSnapshot = () => run;

export function useImportRun(): ImportRun | null {
  return useSyncExternalStore(subscribeImport, importSnapshot, () => null);
}

let nextFileId = 0;
/** A per-file id, unique in this tab. */
export const newImportFileId = () => `f${++nextFileId}`;

/** The result in words, for the announcement and the indicator. */
export function importSummary(r: ImportRun): string {
  const ok = r.imported.length;
  const done = `${ok} fichier${ok > 1 ? "s" : ""} importé${ok > 1 ? "s" : ""}`;
  const failed = r.errors.length ? `, ${r.errors.length} erreur${r.errors.length > 1 ? "s" : ""}` : "";
  return `Import terminé\u202f: ${done}${failed}.`;
}

/** Sends the files one after another; a second call while one runs is ignored (the dialog prevents it). */
export async function startImport(files: ImportFile[], category: string): Promise<ImportRun | null> {
  if (run?.running || files.length === 0) return null;
  let r: ImportRun = {
    runId: ++runs,
    total: files.length,
    index: 0,
    percent: 0,
    current: files[0].file.name,
    running: true,
    imported: [],
    errors: [],
    failed: [],
  };
  set(r);
  for (let i = 0; i < files.length; i++) {
    const { file, alt } = files[i];
    r = { ...r, index: i, current: file.name, percent: Math.round((i / files.length) * 100) };
    set(r);
    try {
      const item = await uploadMedia(file, { alt, category }, (fraction) => {
        r = { ...r, percent: Math.round(((i + fraction) / files.length) * 100) };
        set(r);
      });
      r = { ...r, imported: [...r.imported, item] };
    } catch (e) {
      r = { ...r, errors: [...r.errors, `${file.name}: ${e instanceof Error && e.message ? e.message : "Erreur inconnue"}`], failed: [...r.failed, files[i]] };
    }
    set(r);
  }
  r = { ...r, running: false, index: files.length - 1 };
  set(r);
  return r;
}

/** The ended run has been seen: the indicator goes away. */
export function dismissImport() {
  if (run && !run.running) set(null);
}
