import { structureApi } from "~/lib/api/client";
import { DraftStatus, formatDateTime } from "~/components/admin/DraftStatus";
import { useDraftDocument } from "~/lib/admin/use-draft-document";
import type { SiteStructure } from "~/lib/structure/structure-schemas";
import type { StructureRevisionSummary, StructureView } from "~/lib/structure/view";
import { ListMessages } from "~/components/kit/ListMessages";
import { Card } from "./fields";
import { FooterEditor } from "./FooterEditor";
import { MenuEditor } from "./MenuEditor";
import { PagesEditor } from "./PagesEditor";
import { RevisionsList } from "./RevisionsList";
import { SettingsEditor } from "./SettingsEditor";

/**
 * The structure's draft, edited here and saved as a whole ("Enregistrer le brouillon"); "Publier" saves
 * what is unsaved, then makes it what visitors see. A refusal keeps every field as typed.
 */
export function StructureEditor({ initial }: { initial: StructureView }) {
  const { view, draft, setDraft, dirty, setDirty, busy, error, setError, stale, setStale, notice, setNotice, pending, change, accept, perform, run } =
    useDraftDocument<StructureView, SiteStructure, "restore">(initial, {
      docOf: (v) => v.structure,
      save: structureApi.save,
      publish: structureApi.publish,
      saved: "Brouillon enregistré. Les visiteurs ne le verront qu'après « Publier ».",
      published: "Structure publiée : le menu, le pied de page et les coordonnées sont en ligne.",
    });
  const targets = { pages: view.pages, articles: view.articles };

  const restore = (r: StructureRevisionSummary) =>
    perform("restore", async () => {
      accept(await structureApi.restoreRevision(r.id, view.version));
      return `Publication du ${formatDateTime(r.createdAt)} restaurée comme brouillon. Vérifiez-la, puis « Publier » pour la mettre en ligne.`;
    });

  return (
    <div data-testid="structure-editor">
      <div className="sticky top-12 z-20 -mx-5 flex flex-wrap items-center gap-2 border-b border-neutral-200 bg-neutral-50 px-5 py-3 md:-mx-8 md:px-8">
        <DraftStatus dirty={dirty} view={view} className="w-full text-sm sm:mr-auto sm:w-auto" testId="structure-status" />
        {dirty ? (
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => {
              setDraft(view.structure);
              setDirty(false);
              setError(null);
              setNotice("Modifications annulées : la structure est revenue au dernier brouillon enregistré.");
            }}
            className="rounded-full px-3 py-2 text-sm font-bold text-neutral-700 underline underline-offset-4 hover:text-ink disabled:opacity-50"
            data-testid="structure-revert"
          >
            Annuler les modifications
          </button>
        ) : null}
        <button
          type="button"
          disabled={busy !== null || !dirty}
          onClick={() => void run("save")}
          className="rounded-full border border-neutral-300 bg-white px-4 py-2 text-sm font-bold disabled:opacity-50 sm:px-5 sm:py-2.5 sm:text-base"
          data-testid="structure-save"
        >
          {busy === "save" ? "Enregistrement…" : "Enregistrer le brouillon"}
        </button>
        <button
          type="button"
          disabled={busy !== null || !pending}
          onClick={() => void run("publish")}
          className="rounded-full bg-brand-yellow px-4 py-2 text-sm font-bold text-ink disabled:opacity-50 sm:px-5 sm:py-2.5 sm:text-base"
          data-testid="structure-publish"
        >
          {busy === "publish" ? "Publication…" : "Publier"}
        </button>
      </div>
      <ListMessages
        error={error}
        notice={notice}
        errorTestId="structure-error"
        noticeTestId="structure-notice"
        errorAction={
          stale ? (
            <button
              type="button"
              className="mt-2 rounded-full border border-red-800 px-4 py-1.5 text-sm font-bold"
              onClick={async () => {
                try {
                  accept(await structureApi.get());
                  setError(null);
                  setStale(false);
                  setNotice("Structure rechargée : vous voyez la dernière version enregistrée.");
                } catch (err) {
                  setError(err instanceof Error ? err.message : "Erreur de chargement.");
                }
              }}
            >
              Recharger la structure (vos modifications non enregistrées seront perdues)
            </button>
          ) : null
        }
      />

      <Card
        title="Menu principal"
        description="Les entrées du menu, dans l'ordre où les visiteurs les voient, en français et en anglais."
        testId="structure-menu"
      >
        <MenuEditor menu={draft.menu} onChange={(menu) => change({ ...draft, menu })} targets={targets} />
      </Card>
      <Card
        title="Pied de page"
        description="Les colonnes de liens ; la colonne Contact et les réseaux sociaux viennent des coordonnées ci-dessous."
        testId="structure-footer"
      >
        <FooterEditor columns={draft.footer} onChange={(footer) => change({ ...draft, footer })} targets={targets} />
      </Card>
      <Card
        title="Coordonnées et réseaux sociaux"
        description="Affichés dans le pied de page, la page Contact et le bouton de discussion."
        testId="structure-settings"
      >
        <SettingsEditor settings={draft.settings} onChange={(settings) => change({ ...draft, settings })} />
      </Card>
      <Card title="Pages : titres, adresses et descriptions" description="Les articles se modifient dans l'éditeur d'article." testId="structure-pages-card">
        <PagesEditor pages={view.pages} edits={draft.pages} onChange={(pages) => change({ ...draft, pages })} />
      </Card>
      <Card
        title="Historique des publications"
        description="Chaque publication de la structure, la plus récente en premier (les 50 dernières sont gardées)."
        testId="structure-history"
      >
        <RevisionsList revisions={view.revisions} disabled={busy !== null} dirty={dirty} onRestore={(r) => void restore(r)} />
      </Card>
    </div>
  );
}
