import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useId, useState } from "react";
import type { GalleryImage } from "~/lib/document/gallery";
import { addImage, MAX_GALLERY_IMAGES, moveImage, setImageAlt } from "~/lib/document/gallery-edit";
import { listAccessibility } from "~/components/admin/list-dnd";
import { usePickImage } from "./ImagePicker";

const POINTER = { activationConstraint: { distance: 6 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };

/**
 * A gallery's images in the settings panel: reordered by drag (mouse or keyboard: Space, arrows, Space),
 * removed, each with its alt text; "Ajouter une image" goes through pickImage (seed 001 §4 rules).
 */
export function GalleryImages({
  content,
  images,
  onChange,
  onRemove,
}: {
  content: string;
  images: GalleryImage[];
  onChange: (content: string) => void;
  /** Removes image `index` as its own undo step, with the undo toast (gallery-actions.ts). */
  onRemove: (index: number) => void;
}) {
  const pickImage = usePickImage();
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const [message, setMessage] = useState("");
  // Sortable ids must be unique even when an image appears twice.
  const ids = images.map((img, i) => `${i}:${img.url}`);
  // Read aloud by its alt text, else its file's name: "« equipe.jpg » saisie, position 3 sur 3".
  const accessibility = listAccessibility(
    ids,
    (id) => {
      const i = ids.indexOf(String(id));
      return i < 0 ? undefined : `« ${images[i].alt.trim() || fileName(images[i].url) || `image ${i + 1}`} »`;
    },
    "cette image",
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = ids.indexOf(String(e.active.id));
    const to = ids.indexOf(String(e.over.id));
    if (from >= 0 && to >= 0) {
      onChange(moveImage(content, from, to));
      setMessage(`Image déplacée en position ${to + 1} sur ${images.length}`);
    }
  };
  return (
    <div className="space-y-2 text-sm" data-testid="gallery-images">
      <p className="font-semibold text-neutral-700">Images ({images.length})</p>
      {images.length === 0 ? <p className="text-neutral-600">Aucune image dans cette galerie.</p> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul className="space-y-2">
            {images.map((img, i) => (
              <ImageRow
                key={ids[i]}
                id={ids[i]}
                index={i}
                image={img}
                onAlt={(alt) => onChange(setImageAlt(content, i, alt))}
                onRemove={() => {
                  onRemove(i);
                  setMessage("Image retirée de la galerie");
                }}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <button
        type="button"
        className="w-full rounded border border-dashed border-neutral-400 px-3 py-2 font-semibold hover:border-ink disabled:opacity-50"
        disabled={images.length >= MAX_GALLERY_IMAGES}
        onClick={async () => {
          const picked = await pickImage();
          if (picked) {
            onChange(addImage(content, picked));
            setMessage("Image ajoutée à la galerie");
          }
        }}
        data-action="gallery-add-image"
      >
        Ajouter une image
      </button>
      <p className="sr-only" aria-live="polite">
        {message}
      </p>
    </div>
  );
}

/** The last segment of an image's address, decoded when it can be ("R%C3%A9union.jpg" → "Réunion.jpg"). */
function fileName(url: string): string {
  const last = url.split(/[?#]/)[0].split("/").pop() ?? "";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function ImageRow({
  id,
  index,
  image,
  onAlt,
  onRemove,
}: {
  id: string;
  index: number;
  image: GalleryImage;
  onAlt: (alt: string) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const altId = useId();
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`flex items-center gap-2 rounded border border-neutral-200 bg-white p-1.5 ${isDragging ? "z-10 opacity-70 shadow" : ""}`}
      data-gallery-image={image.url}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        className="cursor-grab rounded px-1 text-neutral-500 hover:bg-neutral-100"
        aria-label={`Déplacer l'image ${index + 1}`}
      >
        ⠿
      </button>
      <img src={image.url} alt="" className="h-10 w-10 shrink-0 rounded object-cover" loading="lazy" />
      <div className="min-w-0 flex-1">
        <label htmlFor={altId} className="sr-only">
          Texte alternatif de l'image {index + 1}
        </label>
        <input
          id={altId}
          defaultValue={image.alt}
          maxLength={500}
          placeholder="Texte alternatif"
          onBlur={(e) => e.target.value !== image.alt && onAlt(e.target.value)}
          className="w-full rounded border border-neutral-300 px-1.5 py-1 text-xs"
        />
      </div>
      <button type="button" onClick={onRemove} className="rounded px-1.5 py-1 text-red-700 hover:bg-red-50" aria-label={`Retirer l'image ${index + 1}`}>
        ✕
      </button>
    </li>
  );
}
