import type { ReactNode } from "react";
import { TextField } from "~/components/kit/fields";
import type { Labels } from "~/lib/structure/structure-schemas";

export const smallBtn = "rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm font-semibold hover:border-ink disabled:opacity-50";
export const dangerBtn = "rounded-lg px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50";

/** A new entry's id: unique enough within one structure, and within the schema's pattern. */
export const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The French and English labels of one entry, side by side from md. */
export function LabelFields({ value, onChange, name, testId }: { value: Labels; onChange: (v: Labels) => void; name: string; testId?: string }) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <TextField
        look="page"
        label={
          <>
            {name} <span className="font-normal text-neutral-600">(français)</span>
          </>
        }
        value={value.fr}
        maxLength={60}
        onChange={(fr) => onChange({ ...value, fr })}
        testId={testId ? `${testId}-fr` : undefined}
      />
      <TextField
        look="page"
        label={
          <>
            {name} <span className="font-normal text-neutral-600">(anglais)</span>
          </>
        }
        value={value.en}
        maxLength={60}
        onChange={(en) => onChange({ ...value, en })}
        testId={testId ? `${testId}-en` : undefined}
      />
    </div>
  );
}

export function Card({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <section className="mt-6 rounded-xl border border-neutral-200 bg-white p-4 md:p-6" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h2 id={`${testId}-title`} className="text-xl font-extrabold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-neutral-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
