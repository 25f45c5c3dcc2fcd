import { useId, type CSSProperties, type InputHTMLAttributes, type ReactNode } from "react";

/**
 * The back-office's labelled fields. Two looks: "panel" for the builder's narrow settings panel, "page" for
 * the screens' forms (site structure, team, backups, pages). A field is controlled (`value` and
 * `onChange`) or belongs to a form read with FormData (`name` and `defaultValue`).
 */
const INPUT = {
  panel: "mt-1 w-full rounded border border-neutral-300 px-2 py-1.5",
  page: "mt-1 w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm",
} as const;
const SELECT = {
  panel: "mt-1 w-full rounded border border-neutral-300 bg-white px-2 py-1.5",
  page: INPUT.page,
} as const;
const LABEL = { panel: "block font-semibold text-neutral-700", page: "font-semibold text-neutral-800" } as const;
type Look = keyof typeof INPUT;

/** The "page" look's input class, for inputs that are not a TextField (a search box beside a list). */
export const inputCls = INPUT.page;

/** What every field shares: its label (visually hidden with `hideLabel`, as in a table row), a line under it, its look. */
interface FieldFrame {
  label: ReactNode;
  /** A line under the field (a limit, an example). */
  hint?: string;
  testId?: string;
  look?: Look;
  hideLabel?: boolean;
  /** Classes of the field's box (its place in a grid or a row). */
  className?: string;
}

function Frame({
  id,
  label,
  hint,
  look,
  hideLabel,
  className,
  children,
}: Omit<FieldFrame, "testId" | "look"> & { id: string; look: Look; children: ReactNode }) {
  return (
    <div className={`text-sm ${className ?? ""}`}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : LABEL[look]}>
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-neutral-600">{hint}</p> : null}
    </div>
  );
}

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "onChange" | "value" | "defaultValue" | "children">;

export function TextField({
  label,
  value,
  defaultValue,
  onChange,
  hint,
  testId,
  multiline = false,
  rows = 3,
  look = "panel",
  hideLabel,
  className,
  ...attributes
}: FieldFrame &
  InputAttributes & {
    value?: string;
    defaultValue?: string | number;
    onChange?: (v: string) => void;
    multiline?: boolean;
    /** Lines of a multiline field. */
    rows?: number;
  }) {
  const id = useId();
  const common = {
    id,
    value,
    defaultValue,
    className: INPUT[look],
    "data-testid": testId,
    onChange: onChange && ((e: { target: { value: string } }) => onChange(e.target.value)),
  };
  return (
    <Frame id={id} label={label} hint={hint} look={look} hideLabel={hideLabel} className={className}>
      {multiline ? (
        <textarea
          {...common}
          rows={rows}
          disabled={attributes.disabled}
          autoFocus={attributes.autoFocus}
          placeholder={attributes.placeholder}
          maxLength={attributes.maxLength}
          required={attributes.required}
          name={attributes.name}
        />
      ) : (
        <input {...attributes} {...common} type={attributes.type ?? "text"} />
      )}
    </Frame>
  );
}

export type SelectOption = string | readonly [value: string, label: string];

export function SelectField({
  label,
  value,
  defaultValue,
  options,
  onChange,
  name,
  unknownLabel = (v) => `${v} (personnalisé)`,
  optionStyle,
  hint,
  testId,
  look = "panel",
  hideLabel,
  className,
}: FieldFrame & {
  value?: string;
  defaultValue?: string;
  options: readonly SelectOption[];
  onChange?: (v: string) => void;
  name?: string;
  /** The words for a stored value the list does not offer. */
  unknownLabel?: (value: string) => string;
  /** A style per option (a typeface shown in its own face); the closed select takes the chosen one's. */
  optionStyle?: (value: string) => CSSProperties;
}) {
  const id = useId();
  // A stored value outside the list (seeded pages use clamp() sizes, weight 800…, a link to a deleted page)
  // is shown as it is, never as the first option: a select cannot display a value it does not offer.
  const known = value === undefined || options.some((o) => (Array.isArray(o) ? o[0] : o) === value);
  const all = known ? options : [[value, unknownLabel(value)] as const, ...options];
  return (
    <Frame id={id} label={label} hint={hint} look={look} hideLabel={hideLabel} className={className}>
      <select
        id={id}
        name={name}
        value={value}
        defaultValue={defaultValue}
        onChange={onChange && ((e) => onChange(e.target.value))}
        className={SELECT[look]}
        style={value !== undefined ? optionStyle?.(value) : undefined}
        data-testid={testId}
      >
        {all.map((o) => {
          const [v, l] = Array.isArray(o) ? o : [o, o];
          return (
            <option key={v} value={v} style={optionStyle?.(v)}>
              {l}
            </option>
          );
        })}
      </select>
    </Frame>
  );
}

export function CheckField({
  label,
  checked,
  defaultChecked,
  onChange,
  name,
  className,
}: {
  label: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (v: boolean) => void;
  name?: string;
  className?: string;
}) {
  return (
    <label className={`flex items-center gap-2 text-sm ${className ?? ""}`}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        defaultChecked={defaultChecked}
        onChange={onChange && ((e) => onChange(e.target.checked))}
        className="h-4 w-4 accent-ink"
      />
      {label}
    </label>
  );
}
