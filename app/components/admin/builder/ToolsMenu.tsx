import { useRef, useState } from "react";
import { useBuilder, useBuilderStore } from "~/lib/builder/store";
import { useDismiss } from "~/components/kit/useDismiss";

/**
 * IA, Exporter and Révisions in one "Outils" menu below 1440 px, so the top bar fits from 1024 px
 * without scrolling or overlapping (issue 11 §6); wider, the three stay in the bar. The menu is placed
 * with fixed coordinates (the bar clips what overflows it) and closes on Escape, outside click and choice.
 */
export function ToolsMenu({ onRevisions, className = "" }: { onRevisions: () => void; className?: string }) {
  const store = useBuilderStore();
  // Read-only (decision 049): Exporter only; IA and Révisions would change the page.
  const readOnly = useBuilder((s) => s.readOnly);
  const [at, setAt] = useState<{ top: number; right: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const close = () => setAt(null);
  useDismiss(at !== null, close, [button, menu], button);
  const item = "block w-full whitespace-nowrap rounded px-3 py-2 text-left text-sm text-ink hover:bg-neutral-100";
  const choose = (fn: () => void) => () => {
    close();
    fn();
  };
  return (
    <div className={className}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={at !== null}
        className="whitespace-nowrap rounded-md px-2.5 py-1.5 text-[13px] font-semibold text-white/85 hover:bg-white/10"
        onClick={() => {
          if (at) return close();
          const r = button.current!.getBoundingClientRect();
          setAt({ top: r.bottom + 6, right: Math.max(8, window.innerWidth - r.right) });
        }}
        data-action="tools-menu"
      >
        Outils ▾
      </button>
      {at ? (
        <ul
          ref={menu}
          role="menu"
          className="fixed z-[90] min-w-44 rounded-lg border border-neutral-200 bg-white p-1 shadow-xl"
          style={{ top: at.top, right: at.right }}
        >
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className={`${item} disabled:opacity-40`}
              disabled={readOnly}
              onClick={choose(() => store.setState({ tool: { kind: "ai" } }))}
            >
              Générer avec IA
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" className={item} onClick={choose(() => store.setState({ tool: { kind: "export" } }))}>
              Exporter
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" className={`${item} disabled:opacity-40`} disabled={readOnly} onClick={choose(onRevisions)}>
              Révisions
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
