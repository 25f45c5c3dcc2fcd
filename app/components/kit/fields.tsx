import { useId, type ReactNode } from "react";

/**
 * The back-office's labelled fields. Two looks: "panel" for the builder's narrow settings panel, "page" for
 * the screens' forms (site structure and the like).
 */
const INPUT = {
  panel: "mt-1 w-full rounded border border-neutral-300 px-2 py-1.5",
  page: "mt-1 w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm",
} as const;
const LABEL = { panel: "block font-semibold text-neutral-700", page: "font-semibold text-neutral-800" } as const;

/** The "page" look's input class, for inputs that are not a TextField (a search box beside a list). */
export const inputCls = INPUT.page;

export function TextField({
  label,
  value,
  onChange,
  placeholder,
  type = "text",
  maxLength,
  hint,
  testId,
  multiline = false,
  look = "panel",
}: {
  label: ReactNode;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  type?: string;
  maxLength?: number;
  /** A line under the field (a limit, an example). */
  hint?: string;
  testId?: string;
  multiline?: boolean;
  look?: keyof typeof INPUT;
}) {
  const id = useId();
  const common = { id, value, placeholder, maxLength, className: INPUT[look], "data-testid": testId };
  return (
    <div className="text-sm">
      <label htmlFor={id} className={LABEL[look]}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint ? <p className="mt-1 text-xs text-neutral-600">{hint}</p> : null}
    </div>
  );
}

export function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (string | readonly [string, string])[];
  onChange: (v: string) => void;
}) {
  const id = useId();
  // A stored value outside the list (seeded pages use clamp() sizes, weight 800…) is shown as it is,
  // never as the first option: a select cannot display a value it does not offer.
  const known = options.some((o) => (Array.isArray(o) ? o[0] : o) === value);
  const all = known ? options : [[value, `${value} (personnalisé)`] as const, ...options];
  return (
    <div className="text-sm">
      <label htmlFor={id} className="block font-semibold text-neutral-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="mt-1 w-full rounded border border-neutral-300 bg-white px-2 py-1.5">
        {all.map((o) => {
          const [v, l] = Array.isArray(o) ? o : [o, o];
          return (
            <option key={v} value={v}>
              {l}
            </option>
          );
        })}
      </select>
    </div>
  );
}

export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4 accent-ink" />
      {label}
    </label>
  );
}
