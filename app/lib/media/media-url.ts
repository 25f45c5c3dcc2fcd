/** Uploaded files' addresses, safe for the browser too (no Node module here; names.ts makes them). */
export const STORAGE_KEY = /^[a-z2-7]{24}(-(?:480|960|1600|thumb|v\d{1,4}))?\.(jpg|png|gif|webp|mp4|webm|pdf)$/;

/** Public address prefix of a stored file. */
export const MEDIA_URL_PREFIX = "/media/u/";

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY.test(key);
}

/** An uploaded PDF's address: public pages open it in a new tab (issue 10). */
export function isUploadedPdfUrl(url: string | undefined): boolean {
  return !!url && url.startsWith(MEDIA_URL_PREFIX) && url.endsWith(".pdf") && isStorageKey(url.slice(MEDIA_URL_PREFIX.length));
}
