import { useDndContext } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useEffect, useMemo, useState } from "react";
import { RenderProvider, type MediaMap } from "~/lib/elements/context";
import type { Lang } from "~/lib/i18n/routes";
import { addBlockAction, select, insertHeroBlockAction } from "~/lib/builder/actions";
import { defaultHeroBlock } from "~/lib/builder/hero";
import { useBuilder, useBuilderStore } from "~/lib/builder/store";
import { BlockFrame } from "./BlockFrame";
import { CanvasDnd } from "./CanvasDnd";
import { preloadRichText } from "./ElementFrame";
import { preloadIconName } from "../ElementSettings";
import { findElementWhere } from "~/lib/document/walk";
import type { PageDocument } from "~/lib/document/schema";
import { DOC_ROOT_CLASS } from "~/lib/elements/layout";
import { CANVAS_DEVICE_CSS } from "~/lib/elements/device-vars";
import { paletteDropHandlers } from "./palette-drop";
import { StarterLayouts } from "./StarterLayouts";
import { PageHeroOffer, type PageHeroSourceInfo } from "./PageHeroOffer";

// The canvas's per-device rules: one fixed sheet (device-vars.ts), the same object for React, never rewritten.
const DEVICE_RULES = { __html: CANVAS_DEVICE_CSS };

const DEVICE_WIDTH = { mobile: "375px", tablet: "768px", desktop: "100%" } as const;

/** The page as visitors will see it, with editing controls in edit mode (the same element renderers). */
export function Canvas({ lang, media, pageSource }: { lang: Lang; media: MediaMap; pageSource?: PageHeroSourceInfo }) {
  const store = useBuilderStore();
  const blocks = useBuilder((s) => s.doc.blocks);
  const device = useBuilder((s) => s.device);
  const edit = useBuilder((s) => s.mode === "edit");
  const renderContext = useMemo(() => ({ lang, media }), [lang, media]);
  const paletteDrop = useMemo(() => paletteDropHandlers(store), [store]);
  // One element for the page's life: the memoised CanvasDnd and its DndContext then skip the canvas's
  // re-renders (SortableBlocks reads the blocks itself). A DndContext render gives its transform context a
  // new object, and React then searched the whole canvas (about 17,000 fibers on a page of 1,000 elements)
  // for its readers on every edit (scripts/bench/builder, "delete (toolbar button)").
  const sortableBlocks = useMemo(() => <SortableBlocks />, []);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 500));
    idle(() => {
      void preloadRichText();
      // The icon catalogue (55 KB gzip) only where an icon's settings may be opened; a new icon's library loads it.
      if (holdsIcon(store.getState().doc)) void preloadIconName();
    });
  }, [store]);

  return (
    <div className="h-full overflow-auto bg-neutral-200 p-4" data-builder-scroller onClick={() => edit && select(store, null)}>
      <div
        className={`${DOC_ROOT_CLASS} mx-auto min-h-full bg-[var(--surface)] text-[var(--text)] shadow-lg transition-[width] duration-200 dark:[color-scheme:dark]`}
        style={{
          width: edit && device !== "desktop" ? `calc(${DEVICE_WIDTH[device]} + 28px)` : DEVICE_WIDTH[device],
          maxWidth: "100%",
          paddingLeft: edit ? 28 : 0,
        }}
        data-device={device}
        data-testid="builder-canvas"
        lang={lang}
        {...paletteDrop}
        onClickCapture={(e) => {
          // Links inside the canvas never navigate away from the builder.
          if ((e.target as HTMLElement).closest("a")) e.preventDefault();
        }}
      >
        <RenderProvider value={renderContext}>
          <CanvasDnd>{sortableBlocks}</CanvasDnd>
        </RenderProvider>
        {edit && blocks.length === 0 ? (
          <div className="mx-6 mt-6 rounded-xl border border-brand-yellow bg-brand-yellow/10 p-6 text-center" data-testid="empty-page-offer">
            <p className="font-semibold">Cette page est vide.</p>
            <p className="mt-1 text-sm text-neutral-700">
              Commencez avec un bloc d'accueil (titre, phrase d'accroche, bouton) à personnaliser, ou ajoutez un bloc vide.
            </p>
            <button
              type="button"
              className="mt-4 rounded-full bg-ink px-5 py-2.5 font-semibold text-white"
              onClick={(e) => {
                e.stopPropagation();
                insertHeroBlockAction(store, defaultHeroBlock(lang));
              }}
              data-action="use-hero"
            >
              Utiliser le bloc d'accueil
            </button>
            {pageSource ? <PageHeroOffer lang={lang} source={pageSource} /> : null}
            <StarterLayouts lang={lang} />
          </div>
        ) : null}
        {edit ? (
          <div className="p-6 text-center">
            <button
              type="button"
              className="rounded-full border-2 border-dashed border-neutral-400 px-6 py-3 font-semibold text-neutral-700 hover:border-ink hover:text-ink dark:border-neutral-500 dark:text-neutral-300 dark:hover:border-white dark:hover:text-white"
              onClick={(e) => {
                e.stopPropagation();
                addBlockAction(store, "full-width");
              }}
              data-action="add-block"
            >
              + Ajouter un bloc
            </button>
          </div>
        ) : null}
        {blocks.length === 0 && !edit ? <p className="p-10 text-center text-neutral-500">Cette page est vide.</p> : null}
      </div>
      <style dangerouslySetInnerHTML={DEVICE_RULES} />
    </div>
  );
}

/**
 * The blocks in their SortableContext. React tells every sortable of the canvas (about 700 sections and
 * elements, through their own nested contexts too) when this context's value changes, so a block moved,
 * added or removed outside a drag would re-render them all (scripts/bench/builder, "Structure panel: move
 * a block"). The item list dnd-kit needs is therefore refreshed while a block is dragged (and in the render
 * that drops it, for the drop animation), and held otherwise: outside a drag dnd-kit does not read it, and
 * the frames whose place changed re-render anyway through their `index`.
 */
function SortableBlocks() {
  const blocks = useBuilder((s) => s.doc.blocks);
  const dragging = useDndContext().active !== null;
  // The same array while the block order is the same.
  const idsKey = blocks.map((b) => b.id).join(" ");
  const ids = useMemo(() => (idsKey ? idsKey.split(" ") : []), [idsKey]);
  const [held, setHeld] = useState({ ids, dragging });
  if (dragging ? held.ids !== ids || !held.dragging : held.dragging) setHeld({ ids, dragging });
  const items = dragging || held.dragging ? ids : held.ids;
  return (
    <SortableContext items={items} strategy={verticalListSortingStrategy}>
      {blocks.map((b, i) => (
        <BlockFrame key={b.id} block={b} index={i} />
      ))}
    </SortableContext>
  );
}

const holdsIcon = (doc: PageDocument) => findElementWhere(doc, (element) => element.type === "icon") !== undefined;
