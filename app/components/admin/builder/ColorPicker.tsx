import { useEffect, useId, useState } from "react";
import { checkCustomColor, SITE_COLORS } from "~/lib/elements/presets";

/**
 * Seed 001 §2/§9: a swatch, a text field and an expandable palette of 20 preset colours. The brand's
 * colours are not among them (decision 052): they are the site's colours above, references that follow
 * the design; a literal copy here would stay yellow once the brand colour changes.
 */
export const PALETTE = [
  "#000000",
  "#333333",
  "#6b7280",
  "#e5e7eb",
  "#ffffff",
  "#f5f5f4",
  "#1f8f4e",
  "#16a34a",
  "#0d9488",
  "#0ea5e9",
  "#2563eb",
  "#1e3a8a",
  "#7c3aed",
  "#db2777",
  "#dc2626",
  "#991b1b",
  "#ea580c",
  "#facc15",
  "#a16207",
  "#78350f",
] as const;

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The name of a site colour reference (var(--surface-accent) → "Fond accent"), or null. */
function siteColorName(value: string): string | null {
  return SITE_COLORS.find(([v]) => v === value.trim())?.[1] ?? null;
}

/**
 * The site's colours first (issue 11: references that follow the design settings), then the 20 presets
 * of seed 001; a typed value is checked (hex, rgb(), hsl()) and refused in French, never stored raw.
 */
export function ColorPicker({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const named = siteColorName(value);
  const [text, setText] = useState(named ?? value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(siteColorName(value) ?? value);
    setError(null);
  }, [value]);
  const current = value.trim().toLowerCase();
  return (
    <div className="text-sm">
      <label htmlFor={id} className="block font-semibold text-neutral-700">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} : nuancier`}
          value={HEX.test(value) ? value : "#ffffff"}
          onChange={(e) => onChange(e.target.value)}
          className="h-9 w-10 shrink-0 cursor-pointer rounded border border-neutral-300 bg-white p-0.5"
          style={named ? { backgroundColor: value } : undefined}
        />
        <input
          id={id}
          type="text"
          value={text}
          aria-invalid={error !== null}
          onChange={(e) => {
            setText(e.target.value);
            const typed = e.target.value.trim();
            const site = SITE_COLORS.find(([, l]) => l.toLowerCase() === typed.toLowerCase());
            if (site) return onChange(site[0]);
            const r = checkCustomColor(typed);
            if (r.ok) {
              setError(null);
              onChange(r.value);
            } else setError(r.message);
          }}
          className={`w-full min-w-0 rounded border px-2 py-1.5 font-mono text-xs ${error ? "border-red-600 bg-red-50" : "border-neutral-300"}`}
          placeholder="hérité du thème"
        />
        <button type="button" className="rounded border border-neutral-300 px-2 py-1.5 text-xs" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          Palette
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
      {open ? (
        <div className="mt-2 space-y-2">
          <p className="text-xs font-semibold text-neutral-600">Couleurs du site</p>
          <div className="grid grid-cols-10 gap-1" role="listbox" aria-label={`${label} : couleurs du site`} data-testid="site-colors">
            {SITE_COLORS.map(([v, l]) => (
              <button
                key={v}
                type="button"
                role="option"
                aria-selected={v === value.trim()}
                aria-label={l}
                title={l}
                onClick={() => onChange(v)}
                className={`h-6 w-6 rounded border ${v === value.trim() ? "ring-2 ring-ink ring-offset-1" : "border-neutral-300"}`}
                style={{ backgroundColor: v }}
              />
            ))}
          </div>
          <p className="text-xs font-semibold text-neutral-600">Couleurs prédéfinies</p>
          <div className="grid grid-cols-10 gap-1" role="listbox" aria-label={`${label} : couleurs prédéfinies`}>
            {PALETTE.map((c) => (
              <button
                key={c}
                type="button"
                role="option"
                aria-selected={c === current}
                aria-label={c}
                title={c}
                onClick={() => onChange(c)}
                className={`h-6 w-6 rounded border ${c === current ? "ring-2 ring-ink ring-offset-1" : "border-neutral-300"}`}
                style={{ backgroundColor: c }}
              />
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
