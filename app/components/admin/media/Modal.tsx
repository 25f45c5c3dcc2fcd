import { useEffect, useRef, type ReactNode } from "react";

/** The media screens' modal: native <dialog> (focus kept inside, Escape closes), title as its label. */
export function Modal({
  title,
  onClose,
  children,
  testId,
  size = "md",
  actions,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  size?: "md" | "xl";
  actions?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = `modal-title-${testId ?? "media"}`;
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      aria-labelledby={titleId}
      data-testid={testId}
      className={`m-auto w-[94vw] ${size === "xl" ? "h-[90vh] max-w-6xl" : "max-w-xl"} rounded-xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50`}
    >
      <div className={`flex flex-col p-5 ${size === "xl" ? "h-full" : ""}`}>
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <span className="flex items-center gap-1">
            {actions}
            <button type="button" aria-label="Fermer" className="rounded-full px-3 py-1 text-xl leading-none hover:bg-neutral-100" onClick={onClose}>
              ×
            </button>
          </span>
        </div>
        <div className={size === "xl" ? "min-h-0 flex-1" : ""}>{children}</div>
      </div>
    </dialog>
  );
}
