import { useState } from "react";

/** Single-line inline editing (button label, image and video URLs): commits on blur or Enter, Escape cancels. */
export function InlineInput({
  value,
  label,
  hint,
  onCommit,
  onCancel,
}: {
  value: string;
  label: string;
  hint?: string;
  onCommit: (v: string) => void;
  onCancel: () => void;
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
            if (e.key === "Enter") e.currentTarget.blur();
            if (e.key === "Escape") onCancel();
          }}
          className="mt-1 block w-full rounded border border-neutral-300 px-2 py-1.5 text-sm font-normal"
        />
      </label>
      {hint ? <p className="mt-1 text-xs text-neutral-500">{hint}</p> : null}
    </div>
  );
}
