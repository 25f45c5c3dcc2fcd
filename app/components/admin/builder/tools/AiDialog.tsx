import { useEffect, useState } from "react";
import { ApiClientError } from "~/lib/admin/api-client";
import { aiApi } from "~/lib/api/client";
import { AI_PROMPT_MAX, OFFLINE_DELAY_MS, type AiStatus } from "~/lib/ai/ai-schemas";
import { offlineBlock } from "~/lib/ai/offline";
import { appendBlockAction } from "~/lib/builder/actions";
import { useBuilderStore } from "~/lib/builder/store";
import type { Block } from "~/lib/document/schema";
import { Dialog } from "~/components/kit/Dialog";
import { TextField } from "~/components/kit/fields";
import { blockInView, scrollBlockIntoView } from "../canvas/in-view";

/**
 * Générer avec IA (seed 001 §4, §5): a prompt of 4 rows; Générer is disabled for a blank prompt and while
 * generating ('Génération...'); the block lands after the selected block (or after the block in view),
 * selected and scrolled to, with "Annuler" offered; the modal closes and the prompt is cleared. With no service configured on the server,
 * the seed's offline generator answers after 1.5 s, said plainly: an example to rewrite (decision 036).
 */
export function AiDialog({ onClose }: { onClose: () => void }) {
  const store = useBuilderStore();
  const [prompt, setPrompt] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<AiStatus | null>(null);
  useEffect(() => {
    let live = true;
    aiApi
      .status()
      .then((s) => live && setStatus(s))
      .catch(() => live && setStatus({ configured: false }));
    return () => {
      live = false;
    };
  }, []);
  const blank = prompt.trim() === "";
  const generate = async (close: () => void) => {
    if (blank || busy || !status) return;
    setBusy(true);
    setError(null);
    try {
      let block: Block;
      if (status.configured) {
        block = (await aiApi.generateBlock(prompt)).block;
      } else {
        await new Promise((r) => setTimeout(r, OFFLINE_DELAY_MS));
        block = offlineBlock(prompt);
      }
      appendBlockAction(store, block, blockInView());
      scrollBlockIntoView(block.id);
      setPrompt("");
      setBusy(false);
      close();
    } catch (e) {
      setError(e instanceof ApiClientError ? e.message : "La génération a échoué : le serveur ne répond pas.");
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="Générer avec IA"
      onClose={onClose}
      testId="ai-dialog"
      confirm={{
        label: busy ? "Génération..." : "Générer",
        onConfirm: (close) => void generate(close),
        disabled: blank || busy || !status,
        action: "ai-generate",
      }}
    >
      <TextField
        label="Décrivez le bloc à créer"
        multiline
        rows={4}
        autoFocus
        disabled={busy}
        value={prompt}
        onChange={setPrompt}
        maxLength={AI_PROMPT_MAX}
        testId="ai-prompt"
        placeholder={"Par exemple\u202f: une section qui présente notre offre de réservation en ligne pour les restaurants"}
      />
      {status && !status.configured ? (
        <p className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-900" data-testid="ai-offline">
          {"Exemple hors ligne\u00a0: configurez un service d'IA pour un texte rédigé. Le bloc inséré est un exemple à réécrire."}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 rounded bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
