import { useId, useState } from "react";

/** Seed 001 §2/§9: a swatch, a text field and an expandable palette of 20 preset colours. */
export const PALETTE = [
  "#ffc104",
  "#78c6bb",
  "#14171c",
  "#333333",
  "#ffffff",
  "#f6f7f4",
  "#fff8e1",
  "#e9f6f4",
  "#2f7d72",
  "#1f8f4e",
  "#0ea5e9",
  "#2563eb",
  "#7c3aed",
  "#db2777",
  "#dc2626",
  "#ea580c",
  "#facc15",
  "#16a34a",
  "#6b7280",
  "#e5e7eb",
] as const;

const HEX = /^#[0-9a-fA-F]{6}$/;

export function ColorPicker({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="text-sm">
      <label htmlFor={id} className="block font-semibold text-neutral-700">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} : nuancier`}
          value={HEX.test(value) ? value : "#ffffff"}
          onChange={(e) => onChange(e.target.value)}
          className="h-9 w-10 cursor-pointer rounded border border-neutral-300 bg-white p-0.5"
        />
        <input
          id={id}
          type="text"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="w-full rounded border border-neutral-300 px-2 py-1.5 font-mono text-xs"
          placeholder="hérité du thème"
        />
        <button type="button" className="rounded border border-neutral-300 px-2 py-1.5 text-xs" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          Palette
        </button>
      </div>
      {open ? (
        <div className="mt-2 grid grid-cols-10 gap-1" role="listbox" aria-label={`${label} : couleurs prédéfinies`}>
          {PALETTE.map((c) => (
            <button
              key={c}
              type="button"
              role="option"
              aria-selected={c === value.toLowerCase()}
              aria-label={c}
              title={c}
              onClick={() => onChange(c)}
              className={`h-6 w-6 rounded border ${c === value.toLowerCase() ? "ring-2 ring-ink ring-offset-1" : "border-neutral-300"}`}
              style={{ backgroundColor: c }}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
