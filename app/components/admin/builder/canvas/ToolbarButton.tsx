import type { ReactNode } from "react";

/**
 * A button of a canvas frame's toolbar (block or element): its click does `onPress` and stops there, so the
 * frame under it is not selected by the same click. Plain function, no state: it renders with its frame.
 */
export function ToolbarButton({ className, action, onPress, children }: { className: string; action?: string; onPress: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={className}
      onClick={(e) => {
        e.stopPropagation();
        onPress();
      }}
      data-action={action}
    >
      {children}
    </button>
  );
}
