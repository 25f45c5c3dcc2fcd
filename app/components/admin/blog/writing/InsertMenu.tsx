import { useRef } from "react";
import { useDismiss } from "~/components/kit/useDismiss";
import type { InsertItem, InsertKey } from "./insert-items";

/**
 * The "/" and "+" menu. The writing surface keeps the focus (↑ ↓ Entrée Échap are read there, so typing
 * goes on filtering); a click chooses without taking the focus from the text.
 */
export function InsertMenu({
  top,
  left,
  items,
  index,
  onChoose,
  onClose,
}: {
  top: number;
  left: number;
  items: InsertItem[];
  index: number;
  onChoose: (key: InsertKey) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(true, onClose, [ref]);
  return (
    <div
      ref={ref}
      className="absolute z-30 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-neutral-200 bg-white p-1 shadow-xl"
      style={{ top, left: Math.max(0, left) }}
      data-testid="insert-menu"
    >
      {items.length === 0 ? (
        <p className="px-3 py-2 text-sm text-neutral-600">Aucun bloc ne correspond.</p>
      ) : (
        <ul role="listbox" aria-label="Insérer">
          {items.map((item, i) => (
            <li
              key={item.key}
              role="option"
              aria-selected={i === index}
              className={`flex cursor-pointer items-center justify-between rounded-lg px-3 py-1.5 text-sm ${i === index ? "bg-neutral-100" : ""}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onChoose(item.key)}
              onKeyDown={(e) => {
                if (e.key === "Enter") onChoose(item.key);
              }}
              data-insert={item.key}
            >
              <span>{item.label}</span>
              {item.hint ? <kbd className="font-mono text-xs text-neutral-500">{item.hint}</kbd> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
