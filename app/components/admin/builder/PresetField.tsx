import { useEffect, useId, useState } from "react";
import type { PresetKind } from "~/lib/elements/presets";
import { presetLabel } from "~/lib/elements/presets";

const CUSTOM = "__custom__";

/**
 * A setting chosen among the design's named steps (S, M, L…, Titre 1–4…), or "Valeur personnalisée",
 * which opens a field checked as you type: an invalid value shows why, in French, and is never stored.
 */
export function PresetField({
  label,
  value,
  kind,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  kind: PresetKind;
  onChange: (v: string) => void;
  testId?: string;
}) {
  const id = useId();
  const known = value === "" || presetLabel(kind, value) !== null;
  const [custom, setCustom] = useState(!known && value !== "");
  const [text, setText] = useState(known ? "" : value);
  const [error, setError] = useState<string | null>(null);
  // Another element selected, or an undo: the field follows the stored value.
  useEffect(() => {
    const k = value === "" || presetLabel(kind, value) !== null;
    setCustom(!k && value !== "");
    setText(k ? "" : value);
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- kinds are rebuilt on each render; the value alone decides
  }, [value]);

  return (
    <div className="text-sm" data-testid={testId}>
      <label htmlFor={id} className="block font-semibold text-neutral-700">
        {label}
      </label>
      <select
        id={id}
        value={custom || !known ? CUSTOM : value}
        onChange={(e) => {
          if (e.target.value === CUSTOM) {
            setCustom(true);
            setText(value);
            return;
          }
          setCustom(false);
          setError(null);
          onChange(e.target.value);
        }}
        className="mt-1 w-full rounded border border-neutral-300 bg-white px-2 py-1.5"
      >
        {value === "" ? <option value="">Par défaut</option> : null}
        {kind.groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </optgroup>
        ))}
        <option value={CUSTOM}>Valeur personnalisée…</option>
      </select>
      {custom || !known ? (
        <div className="mt-1">
          <input
            type="text"
            aria-label="Valeur personnalisée"
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            value={text}
            placeholder={kind.placeholder}
            onChange={(e) => {
              setText(e.target.value);
              const r = kind.check(e.target.value);
              if (r.ok) {
                setError(null);
                if (r.value !== value) onChange(r.value);
              } else setError(r.message);
            }}
            className={`w-full rounded border px-2 py-1.5 font-mono text-xs ${error ? "border-red-600 bg-red-50" : "border-neutral-300"}`}
            data-testid={testId ? `${testId}-custom` : undefined}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
