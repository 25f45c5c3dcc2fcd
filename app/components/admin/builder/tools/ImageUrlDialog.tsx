import { useId, useRef, useState } from "react";
import { sanitizeUrl } from "~/lib/document/url";
import { Dialog } from "~/components/kit/Dialog";

const IMAGE_URL_ERROR = "Adresse d'image invalide : utilisez https://… ou un chemin du site commençant par /.";

/** What a picker gives back (ImagePicker.tsx resolves to it). */
export type PickedImage = { url: string; alt: string };

/** The stand-in image picker: an address and its alt text. */
export function ImageUrlDialog({ onDone }: { onDone: (v: PickedImage | null) => void }) {
  const id = useId();
  const [url, setUrl] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const result = useRef<PickedImage | null>(null);
  const add = (close: () => void) => {
    const clean = sanitizeUrl(url, { allowMail: false });
    if (!clean || clean.startsWith("#")) return setError(IMAGE_URL_ERROR);
    result.current = { url: clean, alt: alt.trim() };
    close();
  };
  const input = "mt-1 w-full rounded border border-neutral-300 px-2 py-1.5";
  return (
    <Dialog
      title="Ajouter une image"
      onClose={() => onDone(result.current)}
      testId="image-url-dialog"
      confirm={{ label: "Ajouter", onConfirm: (close) => add(close), action: "image-url-add" }}
    >
      <div className="space-y-3 text-sm">
        <div>
          <label htmlFor={`${id}-url`} className="block font-semibold text-neutral-700">
            URL de l'image
          </label>
          <input
            id={`${id}-url`}
            type="url"
            autoFocus
            className={input}
            placeholder="https://exemple.fr/photo.jpg ou /media/photo.jpg"
            value={url}
            maxLength={2000}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p role="alert" className="mt-1 text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-alt`} className="block font-semibold text-neutral-700">
            Texte alternatif
          </label>
          <input
            id={`${id}-alt`}
            className={input}
            value={alt}
            maxLength={500}
            onChange={(e) => setAlt(e.target.value)}
            placeholder="Description de l'image pour l'accessibilité"
          />
        </div>
      </div>
    </Dialog>
  );
}
