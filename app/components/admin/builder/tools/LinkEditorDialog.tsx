import { useId, useState } from "react";
import { checkLinkUrl, LINK_URL_PLACEHOLDER, type LinkState } from "~/lib/builder/link";
import { Dialog } from "~/components/kit/Dialog";

/**
 * Éditeur de lien (seed 001 §2, §3 "Link editor state"): text, URL, new tab. The address is checked with
 * the rule the server applies, so a refused one gets a message instead of vanishing on saving.
 */
export function LinkEditorDialog({
  initial,
  canRemove,
  onSave,
  onRemove,
  onClose,
}: {
  initial: LinkState;
  canRemove: boolean;
  onSave: (link: LinkState, href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const [state, setState] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const save = (close: () => void) => {
    const check = checkLinkUrl(state.url);
    if (!check.ok) return setError(check.error);
    onSave(state, check.href);
    close();
  };
  const input = "mt-1 w-full rounded border border-neutral-300 px-2 py-1.5";
  return (
    <Dialog
      title="Éditeur de lien"
      onClose={onClose}
      testId="link-editor"
      footer={(close) => (
        <>
          {canRemove ? (
            <button
              type="button"
              className="mr-auto rounded-full px-4 py-2 text-red-700 hover:bg-red-50"
              onClick={() => {
                onRemove();
                close();
              }}
            >
              Retirer le lien
            </button>
          ) : null}
          <button type="button" className="rounded-full px-4 py-2 hover:bg-neutral-100" onClick={close}>
            Annuler
          </button>
          <button type="button" className="rounded-full bg-ink px-4 py-2 font-semibold text-white" onClick={() => save(close)} data-action="link-save">
            Enregistrer
          </button>
        </>
      )}
    >
      <form
        className="space-y-3 text-sm"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const d = e.currentTarget.closest("dialog") as HTMLDialogElement | null;
          save(() => d?.close());
        }}
      >
        <div>
          <label htmlFor={`${id}-text`} className="block font-semibold text-neutral-700">
            Texte du lien
          </label>
          <input id={`${id}-text`} className={input} value={state.text} onChange={(e) => setState({ ...state, text: e.target.value })} maxLength={500} />
        </div>
        <div>
          <label htmlFor={`${id}-url`} className="block font-semibold text-neutral-700">
            URL
          </label>
          {/* type=url for the keyboard and the seed; noValidate lets relative paths, mailto: and tel: through to our own check. */}
          <input
            id={`${id}-url`}
            type="url"
            className={input}
            value={state.url}
            placeholder={LINK_URL_PLACEHOLDER}
            spellCheck={false}
            autoFocus
            maxLength={2000}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setState({ ...state, url: e.target.value });
              setError(null);
            }}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-1 text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="h-4 w-4 accent-ink" checked={state.newTab} onChange={(e) => setState({ ...state, newTab: e.target.checked })} />
          Ouvrir dans un nouvel onglet
        </label>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
