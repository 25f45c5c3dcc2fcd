import { apiSend } from "~/lib/admin/api-client";
import { useState } from "react";
import type { PageRef } from "~/lib/builder/persistence";
import { useBuilderStore } from "~/lib/builder/store";
import { Dialog } from "~/components/kit/Dialog";

export const EXPORT_FILE_NAME = "exported-page.html";

/** Exporter (seed 001 §4): the server renders the current document; the browser downloads it and the modal closes. */
export function ExportDialog({ page, onClose }: { page: PageRef; onClose: () => void }) {
  const store = useBuilderStore();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (close: () => void) => {
    setBusy(true);
    setError(null);
    try {
      const blob = await apiSend(
        () =>
          fetch(`/api/pages/${encodeURIComponent(page.pageId)}/${page.lang}/export`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Accept: "text/html" },
            body: JSON.stringify({ doc: store.getState().doc }),
            credentials: "same-origin",
          }),
        (res) => res.blob(),
      );
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = EXPORT_FILE_NAME;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      close();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : "L'export a échoué.");
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="Exporter"
      onClose={onClose}
      testId="export-dialog"
      confirm={{ label: busy ? "Exportation…" : "Télécharger", onConfirm: (close) => void run(close), disabled: busy, action: "export-download" }}
    >
      <p className="text-sm">
        La page telle qu'elle est dans le constructeur, modifications non enregistrées comprises, en un fichier HTML autonome ({EXPORT_FILE_NAME}) qui s'ouvre
        depuis un disque. Les images y restent des adresses du site{"\u202f"}: elles s'affichent tant que le site est en ligne.
      </p>
      {error ? (
        <p role="alert" className="mt-3 rounded bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
