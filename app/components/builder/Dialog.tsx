import { useEffect, useRef, type ReactNode } from "react";

/** A modal on the native <dialog>: focus stays inside, Escape closes, the title labels it. */
export function Dialog({ title, onClose, children, actions, wide = false }: { title: string; onClose: () => void; children: ReactNode; actions?: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="dialog-title" className={`m-auto w-[92vw] ${wide ? "max-w-3xl" : "max-w-md"} rounded-xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50`}>
      <div className="p-6">
        <h2 id="dialog-title" className="text-lg font-bold">{title}</h2>
        <div className="mt-3">{children}</div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          {actions}
          <button type="button" className="rounded-full px-4 py-2 hover:bg-neutral-100" onClick={() => ref.current?.close()}>Fermer</button>
        </div>
      </div>
    </dialog>
  );
}
