import type { MediaItem } from "./media-schemas";

/**
 * Browser side of POST /api/media: one file per request through XMLHttpRequest, whose upload events
 * give the real progress of the bytes sent (fetch has none). Errors carry the server's French message.
 */
interface UploadFields {
  alt?: string;
  title?: string;
  category?: string;
}

export function uploadMedia(file: File, fields: UploadFields, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<MediaItem> {
  return sendFile("/api/media", 201, file, fields, onProgress, signal);
}

/** "Remplacer": the file becomes the item's new version (POST /api/media/:id/replace). */
export function replaceMediaFile(id: string, file: File, onProgress: (fraction: number) => void = () => {}): Promise<MediaItem> {
  return sendFile(`/api/media/${encodeURIComponent(id)}/replace`, 200, file, {}, onProgress);
}

function sendFile(
  url: string,
  expected: number,
  file: File,
  fields: UploadFields,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // Fields first: the server reads them before the file's bytes arrive.
    if (fields.title !== undefined) form.append("title", fields.title);
    if (fields.alt !== undefined) form.append("alt", fields.alt);
    if (fields.category !== undefined) form.append("category", fields.category);
    form.append("file", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "text";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: { item?: MediaItem; error?: { message?: string } } | null = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status === expected && data?.item) {
        onProgress(1);
        resolve(data.item);
      } else reject(new Error(data?.error?.message ?? `Erreur ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error("Connexion interrompue pendant l'envoi."));
    xhr.onabort = () => reject(new Error("Envoi annulé."));
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
}
