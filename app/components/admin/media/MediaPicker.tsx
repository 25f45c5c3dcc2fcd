import type { ReactNode } from "react";
import { Dialog } from "~/components/kit/Dialog";
import type { MediaItem } from "~/lib/media/media-schemas";
import { MediaLibrary, type MediaFilter } from "./MediaLibrary";

/**
 * The Médiathèque as a picker: choosing an item hands it to `onSelect` and closes. Reusable by any
 * editor that needs a media item (the builder's elements, a gallery editor).
 */
export function MediaPicker({
  mediaType = "all",
  onSelect,
  onClose,
  aside,
}: {
  mediaType?: MediaFilter;
  onSelect: (item: MediaItem) => void;
  onClose: () => void;
  /** Another way to choose, offered above the library (e.g. an image by its address). */
  aside?: ReactNode;
}) {
  return (
    <Dialog title="Médiathèque" onClose={onClose} closeIn="header" testId="media-picker" size="full">
      {aside ? <div className="mb-3 flex justify-end">{aside}</div> : null}
      <MediaLibrary
        mediaType={mediaType}
        onSelect={(item) => {
          onSelect(item);
          onClose();
        }}
      />
    </Dialog>
  );
}
