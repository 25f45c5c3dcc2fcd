import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import type { PickedImage } from "./ImageUrlDialog";

/**
 * The one way the builder asks for an image: `pickImage()` resolves to the chosen image or null. It opens
 * the Médiathèque's picker for images; an image hosted elsewhere can still be given by its address
 * ("Utiliser une adresse"), checked by the same URL rule as links.
 */
type PickImage = () => Promise<PickedImage | null>;

const PickImageContext = createContext<PickImage | null>(null);
const ImageUrlDialog = lazy(() => import("./ImageUrlDialog").then((m) => ({ default: m.ImageUrlDialog })));
const MediaPicker = lazy(() => import("~/components/admin/media/MediaPicker").then((m) => ({ default: m.MediaPicker })));

export function usePickImage(): PickImage {
  const pick = useContext(PickImageContext);
  if (!pick) throw new Error("usePickImage hors de ImagePickerProvider");
  return pick;
}

export function ImagePickerProvider({ children, pickImage }: { children: ReactNode; pickImage?: PickImage }) {
  const [open, setOpen] = useState<null | "library" | "url">(null);
  const pending = useRef<((v: PickedImage | null) => void) | null>(null);
  const byUrl = useCallback<PickImage>(
    () =>
      new Promise((resolve) => {
        pending.current?.(null);
        pending.current = resolve;
        setOpen("library");
      }),
    [],
  );
  const done = (v: PickedImage | null) => {
    pending.current?.(v);
    pending.current = null;
    setOpen(null);
  };
  return (
    <PickImageContext.Provider value={pickImage ?? byUrl}>
      {children}
      {open === "library" ? (
        <Suspense fallback={null}>
          <MediaPicker
            mediaType="image"
            onSelect={(item) => done({ url: item.url, alt: item.alt || item.title })}
            onClose={() => done(null)}
            aside={
              <button
                type="button"
                className="rounded-full px-3 py-1.5 text-sm font-semibold underline-offset-2 hover:underline"
                onClick={() => setOpen("url")}
                data-action="image-picker-url"
              >
                Utiliser une adresse
              </button>
            }
          />
        </Suspense>
      ) : open === "url" ? (
        <Suspense fallback={null}>
          <ImageUrlDialog onDone={done} />
        </Suspense>
      ) : null}
    </PickImageContext.Provider>
  );
}
