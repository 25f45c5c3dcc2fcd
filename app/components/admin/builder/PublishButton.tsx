import { useId, useState } from "react";
import { select } from "~/lib/builder/actions";
import { publishNow, type PageRef } from "~/lib/builder/persistence";
import { brokenLinkWarnings, prePublishChecks, type PublishWarning } from "~/lib/builder/prepublish";
import { checkContextOf, markPublished, useUnpublishedChanges } from "~/lib/builder/publish-state";
import { useBuilderStore } from "~/lib/builder/store";
import { Dialog } from "~/components/kit/Dialog";
import { themeVariables } from "./ElementDesignHints";

const UNPUBLISHED = "Modifications non publiées";

/**
 * Publier, with the state of the page (issue 11 §5): "Modifications non publiées" after any change since
 * the last publication (the button yellow with a dot, muted when the page online is up to date, the
 * words beside it on wide screens and in its description), and
 * the checklist before publishing (issue 22 §1): it names each element ("Corriger" selects it in the
 * canvas) and warns ("Publier quand même"), except what the design settings make blocking. The links to
 * this site's addresses are checked by asking for them as a visitor would.
 */
export function PublishButton({ page }: { page: PageRef }) {
  const store = useBuilderStore();
  const pending = useUnpublishedChanges(store);
  const [publishing, setPublishing] = useState(false);
  const [warnings, setWarnings] = useState<PublishWarning[] | null>(null);
  const [checking, setChecking] = useState(false);
  const describedBy = useId();

  const publish = async () => {
    setWarnings(null);
    setPublishing(true);
    if (await publishNow(page, store)) markPublished(store, store.getState().savedDoc);
    setPublishing(false);
  };
  const start = async () => {
    const { doc } = store.getState();
    const { publishRules, ...context } = checkContextOf(store);
    setChecking(true);
    const found = prePublishChecks(doc, {
      lang: page.lang,
      ...context,
      themes: themeVariables(),
      blockOn: { contrast: publishRules?.blockContrast === true, alt: publishRules?.blockAlt === true },
    });
    found.push(...(await brokenLinkWarnings(doc, visitorStatus)));
    setChecking(false);
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
        disabled={publishing || checking}
        onClick={() => void start()}
        aria-describedby={describedBy}
        title={pending ? UNPUBLISHED : "La page en ligne est à jour"}
        data-action="publish"
        data-state={pending ? "unpublished" : "published"}
      >
        {publishing ? "Publication…" : checking ? "Vérification…" : "Publier"}
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
  const blocked = warnings.some((w) => w.blocking);
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
          {blocked ? null : (
            <button type="button" className="rounded-full bg-brand-yellow px-4 py-2 font-bold text-ink" onClick={onPublish} data-action="publish-anyway">
              Publier quand même
            </button>
          )}
        </>
      )}
    >
      <p className="text-sm text-neutral-700">
        {warnings.length === 1 ? "Un point mérite" : `${warnings.length} points méritent`} un coup d'œil avant la mise en ligne. « Corriger » sélectionne
        l'élément dans la page.
      </p>
      {blocked ? (
        <p role="alert" className="mt-2 rounded bg-red-50 p-2 text-sm text-red-800" data-testid="checklist-blocked">
          Les réglages de design empêchent de publier tant que les points « Bloquant » ne sont pas corrigés.
        </p>
      ) : null}
      <ul className="mt-3 max-h-[50vh] space-y-1.5 overflow-y-auto text-sm" data-testid="checklist-items">
        {warnings.map((w, i) => (
          <li
            key={`${w.kind}-${w.elementId ?? ""}-${i}`}
            data-kind={w.kind}
            data-element-id={w.elementId}
            className={`flex items-start gap-2 rounded-lg border px-3 py-2 ${w.blocking ? "border-red-300 bg-red-50" : "border-amber-300 bg-amber-50"}`}
          >
            <span aria-hidden="true">⚠</span>
            <span className="flex-1">
              {w.blocking ? <strong className="mr-1 text-red-800">Bloquant :</strong> : null}
              {w.message}
            </span>
            {w.elementId ? (
              <button
                type="button"
                className="shrink-0 rounded px-2 py-0.5 text-xs font-semibold underline hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-teal"
                onClick={() => onShow(w.elementId!)}
                data-action="checklist-fix"
              >
                Corriger
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** How long one address may take to answer before the check calls it broken: the dialog never waits forever. */
const LINK_CHECK_MS = 8000;

/** The status a visitor gets at an address of this site (redirects followed), or null when none comes. */
async function visitorStatus(path: string): Promise<number | null> {
  try {
    const res = await fetch(path, { method: "HEAD", credentials: "omit", redirect: "follow", cache: "no-store", signal: AbortSignal.timeout(LINK_CHECK_MS) });
    return res.status;
  } catch {
    // A redirect loop, no answer in time or the network: the browser gives no status.
    return null;
  }
}
