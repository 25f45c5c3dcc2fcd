import { useState } from "react";
import { commit, useBuilderStore } from "~/lib/builder/store";
import type { StarterKey } from "~/lib/builder/starters";
import { markSampleTree } from "~/lib/elements/sample";
import type { Lang } from "~/lib/i18n/routes";

/** The labels only: the layouts themselves (and the seed kit they use) load when one is chosen. */
const CHOICES: [StarterKey | "all", string][] = [
  ["hero", "Accueil"],
  ["features", "Atouts"],
  ["pricing", "Tarifs"],
  ["testimonials", "Témoignages"],
  ["contact", "Bandeau de contact"],
  ["all", "Page complète (les cinq)"],
];

/**
 * Starting layouts offered on an empty page (issue 11 §6): hero, features, pricing, testimonials and a
 * contact band in the seeded pages' style, or all five as a whole page; one undoable step.
 */
export function StarterLayouts({ lang }: { lang: Lang }) {
  const store = useBuilderStore();
  const [busy, setBusy] = useState(false);
  async function use(choice: StarterKey | "all") {
    setBusy(true);
    try {
      const { starterBlock, STARTER_KEYS } = await import("~/lib/builder/starters");
      // Their text is sample copy to rewrite: marked so the pre-publish check says so (decision 036).
      const blocks = markSampleTree({ blocks: (choice === "all" ? STARTER_KEYS : [choice]).map((k) => starterBlock(k, lang)) }).blocks;
      const { doc } = store.getState();
      if (doc.blocks.length > 0) return;
      commit(
        store,
        { ...doc, blocks },
        {
          selected: { kind: "block", id: blocks[0].id },
          tab: "settings",
          announcement: choice === "all" ? "Page de départ ajoutée" : "Mise en page de départ ajoutée",
        },
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-5 border-t border-brand-yellow/60 pt-4" data-testid="starter-layouts">
      <p className="text-sm font-semibold">Ou partez d'une mise en page du site :</p>
      <div className="mt-3 flex flex-wrap justify-center gap-2">
        {CHOICES.map(([key, label]) => (
          <button
            key={key}
            type="button"
            disabled={busy}
            className="rounded-full border border-ink/30 bg-white px-4 py-2 text-sm font-semibold hover:border-ink disabled:opacity-60"
            onClick={(e) => {
              e.stopPropagation();
              void use(key);
            }}
            data-starter={key}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
