import { useState, type CSSProperties } from "react";

/**
 * Single-line inline editing (button label, image and video URLs): commits on blur, Enter or Escape (typed
 * text is never thrown away, issue 11 §5).
 */
export function InlineInput({
  value,
  label,
  hint,
  inputStyle,
  onCommit,
}: {
  value: string;
  label: string;
  hint?: string;
  /** A button's label is typed in an input drawn as the button. */
  inputStyle?: CSSProperties;
  onCommit: (v: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  return (
    <div className="rounded-lg border-2 border-brand-teal bg-white p-2 text-ink">
      <label className="block text-xs font-semibold text-neutral-600">
        {label}
        <input
          autoFocus
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => onCommit(draft)}
          onKeyDown={(e) => {
            if (e.key !== "Enter" && e.key !== "Escape") return;
            // The builder's Escape (deselect) waits for a second press.
            e.stopPropagation();
            e.currentTarget.blur();
          }}
          className="mt-1 block w-full rounded border border-neutral-300 px-2 py-1.5 text-sm font-normal"
          style={inputStyle}
        />
      </label>
      {hint ? <p className="mt-1 text-xs text-neutral-500">{hint}</p> : null}
    </div>
  );
}
