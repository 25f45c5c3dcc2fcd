/**
 * Document migration 1 → 2 (issue 11 §3, decision 022): documents gain per-device values (`deviceStyles` on
 * blocks and elements, `deviceWidths` on columns). They are optional and absent means "inherit", so a
 * version 1 document is already a valid version 2 one and renders the same HTML: the step only says so.
 * It repairs nothing on purpose: a save migrates before it checks (schema.ts), and a width outside 1..12
 * must be refused there, in French, not quietly changed.
 */
export function addDeviceValues(doc: Record<string, unknown>): Record<string, unknown> {
  return { ...doc, version: 2 };
}
