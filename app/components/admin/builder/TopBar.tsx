import type { ReactNode } from "react";
import type { Device } from "~/lib/builder/store";
import { redo, undo, useBuilder, useBuilderStore } from "~/lib/builder/store";
import { saveNow, type PageRef } from "~/lib/builder/persistence";
import { useOutletContext } from "react-router";
import type { AdminUser } from "~/lib/api/team";
import { canPublishContent } from "~/lib/auth/can";
import { PublishButton } from "./PublishButton";
import { ReviewButton } from "./ReviewButton";
import { ToolsMenu } from "./ToolsMenu";

const DEVICES: [Device, string][] = [
  ["mobile", "Mobile (375 px)"],
  ["tablet", "Tablette (768 px)"],
  ["desktop", "Ordinateur (pleine largeur)"],
];

const SAVE_LABEL = {
  saved: "Enregistré",
  dirty: "Modifications non enregistrées",
  saving: "Enregistrement…",
  error: "Erreur d'enregistrement",
  conflict: "Conflit de version",
} as const;

/** Below 1440 px: the same states in fewer words. */
const SHORT_SAVE_LABEL = { saved: "Enregistré", dirty: "Non enregistré", saving: "Enregistrement…", error: "Erreur", conflict: "Conflit" } as const;

export function TopBar({
  page,
  title,
  onClose,
  onRevisions,
  publishHere = true,
  presence = null,
}: {
  page: PageRef;
  title: string;
  onClose: () => void;
  onRevisions: () => void;
  publishHere?: boolean;
  /** Who else has the page open (decision 049). */
  presence?: ReactNode;
}) {
  const store = useBuilderStore();
  // Contributors ask for a review instead of publishing (issue 25 §1).
  const me = useOutletContext<AdminUser | undefined>();
  const tab = useBuilder((s) => s.tab);
  const device = useBuilder((s) => s.device);
  const mode = useBuilder((s) => s.mode);
  const saveState = useBuilder((s) => s.saveState);
  const canUndo = useBuilder((s) => s.past.length > 0);
  const canRedo = useBuilder((s) => s.future.length > 0);
  // Read-only (another tab holds the page): nothing that changes it, saves it or publishes it.
  const readOnly = useBuilder((s) => s.readOnly);
  const pill = (on: boolean) =>
    `whitespace-nowrap rounded-md px-2.5 py-1.5 text-[13px] font-semibold disabled:opacity-40 ${on ? "bg-white text-ink" : "text-white/85 hover:bg-white/10"}`;
  return (
    <header
      className="flex h-14 shrink-0 items-center gap-1 overflow-x-auto bg-ink px-2 text-white min-[1440px]:gap-2 min-[1440px]:px-3"
      data-testid="builder-topbar"
    >
      {/* Never shrinks under its text (a shrunk title ran under the tabs at 1024 px); a long page title is cut. */}
      <h1 className="mr-1 flex shrink-0 flex-col text-sm font-bold leading-tight">
        <span className="whitespace-nowrap">Archimed Builder</span>
        <span className="max-w-[7rem] truncate text-xs font-normal text-white/60 min-[1440px]:max-w-[12rem]" title={title}>
          {title} · {page.lang.toUpperCase()}
        </span>
      </h1>
      <div role="tablist" aria-label="Panneau" className="flex rounded-lg bg-white/10 p-0.5">
        <button type="button" role="tab" aria-selected={tab === "blocks"} className={pill(tab === "blocks")} onClick={() => store.setState({ tab: "blocks" })}>
          Blocs
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === "settings"}
          className={pill(tab === "settings")}
          onClick={() => store.setState({ tab: "settings" })}
        >
          Paramètres
        </button>
      </div>
      <div role="group" aria-label="Appareil" className="flex rounded-lg bg-white/10 p-0.5">
        {DEVICES.map(([d, label]) => (
          <button
            key={d}
            type="button"
            aria-pressed={device === d}
            aria-label={label}
            title={label}
            className={pill(device === d)}
            onClick={() => store.setState({ device: d })}
            data-device-toggle={d}
          >
            <DeviceIcon device={d} />
          </button>
        ))}
      </div>
      <button
        type="button"
        className={pill(false)}
        onClick={() => undo(store)}
        disabled={!canUndo || readOnly}
        aria-label="Annuler (Ctrl+Z)"
        title="Annuler (Ctrl+Z)"
        data-action="undo"
      >
        <ArrowIcon flip={false} />
      </button>
      <button
        type="button"
        className={pill(false)}
        onClick={() => redo(store)}
        disabled={!canRedo || readOnly}
        aria-label="Rétablir (Ctrl+Maj+Z)"
        title="Rétablir (Ctrl+Maj+Z)"
        data-action="redo"
      >
        <ArrowIcon flip />
      </button>
      <span className="ml-auto whitespace-nowrap text-xs text-white/70" role="status" data-testid="save-state" data-state={saveState}>
        <span className="hidden min-[1440px]:inline">{SAVE_LABEL[saveState]}</span>
        <span className="min-[1440px]:hidden">{SHORT_SAVE_LABEL[saveState]}</span>
      </span>
      {presence}
      {/* From 1440 px the tools sit in the bar; below, in the Outils menu (the bar fits from 1024 px). */}
      <div className="hidden min-[1440px]:contents">
        <button
          type="button"
          className={pill(false)}
          onClick={() => store.setState({ tool: { kind: "ai" } })}
          disabled={readOnly}
          data-action="ai"
          title="Générer avec IA"
        >
          IA
        </button>
        <button type="button" className={pill(false)} onClick={() => store.setState({ tool: { kind: "export" } })} data-action="export">
          Exporter
        </button>
        <button type="button" className={pill(false)} onClick={onRevisions} disabled={readOnly} data-action="revisions">
          Révisions
        </button>
      </div>
      <ToolsMenu onRevisions={onRevisions} className="min-[1440px]:hidden" />
      <button
        type="button"
        className={pill(mode === "preview")}
        onClick={() => store.setState({ mode: mode === "edit" ? "preview" : "edit", selected: null, editingId: null })}
        disabled={readOnly}
        data-action="toggle-mode"
      >
        {mode === "edit" ? "Aperçu" : "Éditer"}
      </button>
      <button
        type="button"
        className="whitespace-nowrap rounded-md bg-white px-3 py-1.5 text-[13px] font-bold text-ink disabled:opacity-40"
        onClick={() => void saveNow(page, store)}
        disabled={readOnly}
        data-action="save"
      >
        Enregistrer
      </button>
      {/* Opened from an article, the article editor's bar publishes; contributors ask for a review instead (issue 25 §1). */}
      {!publishHere || readOnly ? null : me && !canPublishContent(me) ? <ReviewButton page={page} /> : <PublishButton page={page} />}
      <button type="button" className={pill(false)} onClick={onClose} data-action="close">
        Fermer
      </button>
    </header>
  );
}

function DeviceIcon({ device }: { device: Device }) {
  const common = { width: 16, height: 16, viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, "aria-hidden": true } as const;
  if (device === "mobile")
    return (
      <svg {...common}>
        <rect x="7" y="2" width="10" height="20" rx="2" />
        <path d="M11 18h2" />
      </svg>
    );
  if (device === "tablet")
    return (
      <svg {...common}>
        <rect x="4" y="2" width="16" height="20" rx="2" />
        <path d="M11 18h2" />
      </svg>
    );
  return (
    <svg {...common}>
      <rect x="2" y="4" width="20" height="13" rx="2" />
      <path d="M8 21h8M12 17v4" />
    </svg>
  );
}

function ArrowIcon({ flip }: { flip: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      style={flip ? { transform: "scaleX(-1)" } : undefined}
    >
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </svg>
  );
}
