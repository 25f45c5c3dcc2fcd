import type { PublicationState } from "~/lib/content/publication-state";
import type { Lang } from "~/lib/i18n/routes";
import { PublicationBadge } from "./PublicationBadge";

/**
 * Each language's state of the page in view ("FR Publié · EN Programmé pour le 27 nov. à 09:00"), as the
 * server computed it (lib/content/publication-state.ts): the admin bar on a public page and the builder's
 * preview. `compact`: one line that cuts a long state short (the full words stay in the bar's menu);
 * `short`: each kind's one word ("Programmé"), for a phone.
 */
export function PageStates({
  states,
  tone = "dark",
  compact = false,
  short = false,
  testId = "page-states",
}: {
  states: Partial<Record<Lang, PublicationState>>;
  tone?: "dark" | "light";
  compact?: boolean;
  short?: boolean;
  testId?: string;
}) {
  const langs = (["fr", "en"] as const).filter((l) => states[l]);
  if (langs.length === 0) return null;
  return (
    <span
      role="group"
      aria-label="État de publication de cette page"
      className={`flex min-w-0 items-center gap-y-1 ${compact ? "gap-x-1.5" : "flex-wrap gap-x-2"}`}
      data-testid={testId}
    >
      {langs.map((l) => (
        <span key={l} className={`inline-flex min-w-0 items-center ${short ? "gap-0.5" : "gap-1"}`} data-lang={l} data-state={states[l]!.kind}>
          <span className={`font-semibold ${short ? "text-[11px]" : "text-xs"} ${tone === "dark" ? "text-white/80" : "text-neutral-700"}`}>
            {l.toUpperCase()}
          </span>
          <PublicationBadge state={states[l]!} short={short} className={compact ? "min-w-0 truncate" : ""} />
        </span>
      ))}
    </span>
  );
}
