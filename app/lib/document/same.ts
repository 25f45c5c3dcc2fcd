/**
 * Whether two stored documents (JSON text) say the same thing: equal texts, or equal values whatever the
 * order of their keys. The server uses it when a draft is saved: a draft that is the published document
 * again (an edit undone, a revision restored) is stored as the published text itself, so that "the draft
 * differs from the published version" is one text comparison in SQL (issue 11 §5, pages list).
 */
export function sameStoredDocument(a: string, b: string): boolean {
  if (a === b) return true;
  // Different lengths can still be the same document (spacing), so parse; unreadable text is different.
  let x: unknown;
  let y: unknown;
  try {
    x = JSON.parse(a);
    y = JSON.parse(b);
  } catch {
    return false;
  }
  return sameValue(x, y);
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  // A key holding undefined is absent in JSON: compare the keys that hold something.
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && sameValue(ao[k], bo[k]));
}
