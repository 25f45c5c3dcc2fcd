import { useId, useState } from "react";
import { select } from "~/lib/builder/actions";
import { publishNow, type PageRef } from "~/lib/builder/persistence";
import { prePublishChecks, type PublishWarning } from "~/lib/builder/prepublish";
import { checkContextOf, markPublished, useUnpublishedChanges } from "~/lib/builder/publish-state";
import { useBuilderStore } from "~/lib/builder/store";
import { Dialog } from "~/components/kit/Dialog";

const UNPUBLISHED = "Modifications non publiées";

/**
 * Publier, with the state of the page (issue 11 §5): "Modifications non publiées" after any change since
 * the last publication (the button yellow with a dot, muted when the page online is up to date, the
 * words beside it on wide screens and in its description), and
 * the checklist before publishing: it warns, names each element (a click selects it in the canvas) and
 * never blocks ("Publier quand même").
 */
export function PublishButton({ page }: { page: PageRef }) {
  const store = useBuilderStore();
  const pending = useUnpublishedChanges(store);
  const [publishing, setPublishing] = useState(false);
  const [warnings, setWarnings] = useState<PublishWarning[] | null>(null);
  const describedBy = useId();

  const publish = async () => {
    setWarnings(null);
    setPublishing(true);
    if (await publishNow(page, store)) markPublished(store, store.getState().savedDoc);
    setPublishing(false);
  };
  const start = () => {
    const found = prePublishChecks(store.getState().doc, { lang: page.lang, ...checkContextOf(store) });
    if (found.length === 0) void publish();
    else setWarnings(found);
  };

  return (
    <>
      {/* Describes the button (also when not displayed: below 1536 px the dot and the colour say it, the top bar has no room). */}
      <span
        id={describedBy}
        className={pending ? "hidden whitespace-nowrap text-xs font-semibold text-brand-yellow 2xl:inline" : "hidden"}
        data-testid="publish-state"
      >
        {pending ? UNPUBLISHED : "La page en ligne est à jour"}
      </span>
      <button
        type="button"
        className={`relative whitespace-nowrap rounded-md px-3 py-1.5 text-[13px] font-bold disabled:opacity-60 ${pending ? "bg-brand-yellow text-ink" : "bg-white/15 text-white"}`}
        disabled={publishing}
        onClick={start}
        aria-describedby={describedBy}
        title={pending ? UNPUBLISHED : "La page en ligne est à jour"}
        data-action="publish"
        data-state={pending ? "unpublished" : "published"}
      >
        {publishing ? "Publication…" : "Publier"}
        {pending ? <span className="absolute -right-1 -top-1 h-3 w-3 rounded-full border-2 border-ink bg-orange-500" aria-hidden="true" /> : null}
      </button>
      {warnings ? (
        <PublishChecklist
          warnings={warnings}
          onClose={() => setWarnings(null)}
          onPublish={() => void publish()}
          onShow={(id) => {
            setWarnings(null);
            store.setState({ mode: "edit" });
            select(store, { kind: "element", id });
          }}
        />
      ) : null}
    </>
  );
}

function PublishChecklist({
  warnings,
  onClose,
  onPublish,
  onShow,
}: {
  warnings: PublishWarning[];
  onClose: () => void;
  onPublish: () => void;
  onShow: (elementId: string) => void;
}) {
  return (
    <Dialog
      title="Avant de publier"
      onClose={onClose}
      size="3xl"
      testId="publish-checklist"
      footer={(close) => (
        <>
          <button type="button" className="rounded-full px-4 py-2 hover:bg-neutral-100" onClick={close} data-action="checklist-back">
            Revenir à la page
          </button>
          <button type="button" className="rounded-full bg-brand-yellow px-4 py-2 font-bold text-ink" onClick={onPublish} data-action="publish-anyway">
            Publier quand même
          </button>
        </>
      )}
    >
      <p className="text-sm text-neutral-700">
        {warnings.length === 1 ? "Un point mérite" : `${warnings.length} points méritent`} un coup d'œil avant la mise en ligne. Cliquez sur un élément pour le
        retrouver dans la page.
      </p>
      <ul className="mt-3 max-h-[50vh] space-y-1.5 overflow-y-auto text-sm" data-testid="checklist-items">
        {warnings.map((w, i) => (
          <li key={`${w.kind}-${w.elementId ?? i}`} data-kind={w.kind}>
            {w.elementId ? (
              <button
                type="button"
                className="flex w-full items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-left hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-teal"
                onClick={() => onShow(w.elementId!)}
                data-element-id={w.elementId}
              >
                <span aria-hidden="true">⚠</span>
                <span className="flex-1">{w.message}</span>
                <span className="shrink-0 text-xs font-semibold underline">Voir</span>
              </button>
            ) : (
              <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2">
                <span aria-hidden="true">⚠</span>
                <span>{w.message}</span>
              </p>
            )}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
