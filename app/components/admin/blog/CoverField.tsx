import { useId } from "react";

export interface CoverValue {
  url: string;
  alt: string;
}

/**
 * The cover image of one language version. Every choice goes through `onChange`; `pickImage`, when
 * given (the Médiathèque's picker), adds a "Choisir dans la Médiathèque" button that resolves to an
 * image or null. Without it, an address is typed (a site path such as /media/… or an https link).
 */
export function CoverField({
  value,
  onChange,
  pickImage,
  error,
}: {
  value: CoverValue;
  onChange: (v: CoverValue) => void;
  pickImage?: () => Promise<CoverValue | null>;
  error?: string;
}) {
  const id = useId();
  const input = "mt-1 w-full rounded border border-neutral-300 px-2 py-1.5 font-normal";
  return (
    <fieldset className="grid min-w-0 gap-2 rounded-lg border border-neutral-200 p-3">
      <legend className="px-1 text-sm font-semibold">Image de couverture</legend>
      <div className="flex flex-wrap items-start gap-3">
        {value.url ? (
          <img src={value.url} alt="" className="h-16 w-28 rounded object-cover" />
        ) : (
          <div className="grid h-16 w-28 place-items-center rounded bg-neutral-100 text-xs text-neutral-500">Aucune image</div>
        )}
        <div className="grid min-w-0 grow basis-40 gap-2">
          <label className="text-sm font-semibold" htmlFor={`${id}-url`}>
            Adresse de l'image
            <input
              id={`${id}-url`}
              className={input}
              value={value.url}
              placeholder="/media/… ou https://…"
              onChange={(e) => onChange({ ...value, url: e.target.value })}
              name="coverUrl"
              aria-invalid={Boolean(error)}
            />
          </label>
          {pickImage ? (
            <button
              type="button"
              className="w-fit rounded border border-neutral-300 px-3 py-1 text-sm"
              onClick={async () => {
                const picked = await pickImage();
                if (picked) onChange({ url: picked.url, alt: value.alt || picked.alt });
              }}
            >
              Choisir dans la Médiathèque
            </button>
          ) : null}
        </div>
      </div>
      <label className="text-sm font-semibold">
        Texte alternatif
        <input className={input} value={value.alt} onChange={(e) => onChange({ ...value, alt: e.target.value })} name="coverAlt" />
      </label>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
