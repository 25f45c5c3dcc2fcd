/**
 * Document migration 1 → 2 (issue 11 §3, decision 022): documents gain per-device values (`deviceStyles` on
 * blocks and elements, `deviceWidths` on columns), optional, so a version 1 document is already a valid
 * version 2 one and renders the same HTML. The step also repairs what version 1 readers dropped whole: a
 * column width outside 1..12 or not an integer (written by hand or by an old bug) is brought into 1..12
 * (rounded, clamped) instead of losing the column and its elements.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function repairWidth(width: unknown): unknown {
  if (typeof width !== "number" || !Number.isFinite(width)) return width;
  return Math.max(1, Math.min(12, Math.round(width)));
}

export function addDeviceValues(doc: Json): Json {
  // Blocks that are not a list stay as they are: the schema refuses them (a save never turns them into an empty page).
  if (!Array.isArray(doc.blocks)) return { ...doc, version: 2 };
  return {
    ...doc,
    version: 2,
    blocks: doc.blocks.map((b) =>
      !isObject(b) || !Array.isArray(b.sections)
        ? b
        : {
            ...b,
            sections: b.sections.map((s) =>
              !isObject(s) || !Array.isArray(s.columns)
                ? s
                : { ...s, columns: s.columns.map((c) => (isObject(c) && "width" in c ? { ...c, width: repairWidth(c.width) } : c)) },
            ),
          },
    ),
  };
}
