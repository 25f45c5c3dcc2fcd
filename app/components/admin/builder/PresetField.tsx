import { useEffect, useId, useState } from "react";
import { checkCustom, presetLabel, splitCustom, UNIT_LABELS, type PresetKind, type Unit } from "~/lib/elements/presets";

const CUSTOM = "__custom__";

/**
 * A setting chosen among the design's named steps (S, M, L…, Titre 1–4…). "Valeur personnalisée…" is the
 * escape: only once chosen, a number and a unit picked in words (px, rem, %), checked as you type against
 * the kind's range; an invalid value shows why, in French, and is never stored. No CSS text is ever shown:
 * a stored value that is neither a step nor a number with a unit (a formula from before the named steps)
 * reads "Valeur personnalisée" with a sentence, until a step replaces it.
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
  const units = Object.keys(kind.units) as Unit[];
  const split = known ? null : splitCustom(kind, value);
  const [custom, setCustom] = useState(!known);
  const [amount, setAmount] = useState(split?.amount ?? "");
  const [unit, setUnit] = useState<Unit>(split?.unit ?? units[0]);
  const [error, setError] = useState<string | null>(null);
  // Another element selected, or an undo: the field follows the stored value.
  useEffect(() => {
    const k = value === "" || presetLabel(kind, value) !== null;
    const sp = k ? null : splitCustom(kind, value);
    setCustom(!k);
    setAmount(sp?.amount ?? "");
    if (sp) setUnit(sp.unit);
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- kinds are rebuilt on each render; the value alone decides
  }, [value]);

  const apply = (a: string, u: Unit) => {
    const r = checkCustom(kind, a, u);
    if (r.ok) {
      setError(null);
      if (r.value !== value) onChange(r.value);
    } else setError(r.message);
  };
  const legacy = custom && !known && split === null && amount === "";

  return (
    <div className="text-sm" data-testid={testId}>
      <label htmlFor={id} className="block font-semibold text-neutral-700">
        {label}
      </label>
      <select
        id={id}
        value={custom ? CUSTOM : value}
        onChange={(e) => {
          if (e.target.value === CUSTOM) {
            setCustom(true);
            setError(null);
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
      {custom ? (
        <div className="mt-1">
          {legacy ? (
            <p className="mb-1 text-xs text-neutral-600" data-testid={testId ? `${testId}-legacy` : undefined}>
              Réglage composé, fait avant les choix du site&#8239;: choisissez une valeur pour le remplacer.
            </p>
          ) : null}
          <div className="flex gap-2">
            <input
              type="text"
              inputMode="decimal"
              aria-label={`${label} : valeur personnalisée`}
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-error` : undefined}
              value={amount}
              placeholder={kind.placeholder}
              onChange={(e) => {
                setAmount(e.target.value);
                apply(e.target.value, unit);
              }}
              className={`w-full min-w-0 rounded border px-2 py-1.5 ${error ? "border-red-600 bg-red-50" : "border-neutral-300"}`}
              data-testid={testId ? `${testId}-custom` : undefined}
            />
            <select
              aria-label={`${label} : unité`}
              value={unit}
              onChange={(e) => {
                const u = e.target.value as Unit;
                setUnit(u);
                if (amount.trim() !== "") apply(amount, u);
              }}
              className="rounded border border-neutral-300 bg-white px-2 py-1.5"
              data-testid={testId ? `${testId}-unit` : undefined}
            >
              {units.map((u) => (
                <option key={u} value={u}>
                  {UNIT_LABELS[u]}
                </option>
              ))}
            </select>
          </div>
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
