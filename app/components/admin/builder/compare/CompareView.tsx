import { memo, useMemo, type ReactNode } from "react";
import { DOC_VERSION } from "~/lib/document/model";
import type { BlockDiff, DiffKind, DiffOf, ElementDiff, SectionDiff } from "~/lib/document/diff";
import type { Block, PageElement, RenderBlock, RenderDocument } from "~/lib/document/schema";
import { RenderProvider, type MediaMap } from "~/lib/elements/context";
import { DocumentView } from "~/lib/elements/DocumentView";
// The registry hands the gallery renderer over (the public island loads it on demand): no suspending here.
import "~/lib/elements/registry";
import { blockName, elementName } from "~/lib/builder/layers";
import { readableText, textDiff } from "~/lib/builder/text-diff";
import type { Lang } from "~/lib/i18n/routes";
import { NBSP } from "~/lib/typography/french";

/**
 * Two versions of a page block by block (decision 050): each block that differs rendered on both sides with
 * the real element renderers, its changed elements outlined in the rendering (green solid added, red dashed
 * removed, amber dotted changed, with a word on the element), and listed below in words, texts marked word
 * by word. The colour is never the only sign: every mark carries its label. Blocks that are the same fold
 * into one line unless asked for, which also keeps a 1,000-element page quick to compare.
 */
export type RenderDiff = DiffOf<RenderDocument>;
type RBlockDiff = BlockDiff<RenderBlock, RenderBlock["sections"][number], RenderElementOf>;
type RenderElementOf = RenderBlock["sections"][number]["columns"][number]["elements"][number];
type RSectionDiff = SectionDiff<RenderBlock["sections"][number], RenderElementOf>;

export type Labels = Record<Exclude<DiffKind, "same">, string> & { moved: string };
export const CHANGE_LABELS: Labels = { added: "Ajouté", removed: "Supprimé", changed: "Modifié", moved: "Déplacé" };

const TONE: Record<Exclude<DiffKind, "same"> | "moved", { badge: string; colour: string; line: string }> = {
  added: { badge: "bg-green-100 text-green-900 border-green-700", colour: "#15803d", line: "solid" },
  removed: { badge: "bg-red-100 text-red-900 border-red-700", colour: "#b91c1c", line: "dashed" },
  changed: { badge: "bg-amber-100 text-amber-950 border-amber-700", colour: "#b45309", line: "dotted" },
  moved: { badge: "bg-sky-100 text-sky-950 border-sky-700", colour: "#0369a1", line: "double" },
};

export function Mark({ kind, labels = CHANGE_LABELS }: { kind: Exclude<DiffKind, "same"> | "moved"; labels?: Labels }) {
  return (
    <span className={`inline-block rounded border px-1.5 py-0.5 text-xs font-semibold ${TONE[kind].badge}`} data-mark={kind}>
      {labels[kind]}
    </span>
  );
}

const SAFE_ID = /^[A-Za-z0-9_-]+$/;

/** The outline and word of each changed element in one side's rendering (ids are checked: they reach a stylesheet). */
function marksCss(rowId: string, b: RBlockDiff, labels: Labels): string {
  // A block added or removed whole is marked by its header; outlining each of its elements would only add noise.
  if (!SAFE_ID.test(rowId) || b.kind === "added" || b.kind === "removed") return "";
  const rules: string[] = [];
  for (const s of b.sections)
    for (const e of s.elements) {
      if (!SAFE_ID.test(e.id)) continue;
      const kind = e.kind === "same" ? (e.moved ? "moved" : null) : e.kind;
      if (!kind) continue;
      const sides = kind === "added" ? ["after"] : kind === "removed" ? ["before"] : ["before", "after"];
      for (const side of sides) {
        const sel = `[data-compare-row="${rowId}"] [data-side="${side}"] [data-element-id="${e.id}"]`;
        const t = TONE[kind];
        rules.push(`${sel}{outline:3px ${t.line} ${t.colour};outline-offset:2px;position:relative}`);
        rules.push(
          `${sel}::before{content:"${labels[kind]}";position:absolute;top:-0.6rem;right:0;z-index:1;font:600 11px/1.4 system-ui,sans-serif;padding:0 4px;border-radius:3px;background:${t.colour};color:#fff}`,
        );
      }
    }
  return rules.join("\n");
}

function oneBlockDoc(block: RenderBlock): RenderDocument {
  return { version: DOC_VERSION, blocks: [block] };
}

const Side = memo(function Side({ block, side, heading }: { block: RenderBlock | undefined; side: "before" | "after"; heading: string }) {
  return (
    <div className="min-w-0" data-side={side}>
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-neutral-600">{heading}</p>
      {block ? (
        // The rendering is a picture of the page: inert, so its links and players take no focus or click.
        <div className="pointer-events-none max-h-[28rem] overflow-hidden rounded border border-neutral-200 bg-white" inert>
          <DocumentView doc={oneBlockDoc(block)} />
        </div>
      ) : (
        <p className="rounded border border-dashed border-neutral-300 p-4 text-sm text-neutral-600">Absent de cette version.</p>
      )}
    </div>
  );
});

function TextChange({ before, after }: { before: string; after: string }) {
  const parts = textDiff(before, after);
  if (parts.length === 0) return null;
  return (
    <p className="mt-1 rounded bg-neutral-50 p-2 text-sm leading-relaxed" data-testid="text-diff">
      {parts.map((p, i) =>
        p.kind === "added" ? (
          <ins key={i} className="mx-0.5 bg-green-100 px-0.5 text-green-950 underline decoration-green-700">
            <span className="sr-only">[ajouté : </span>
            {p.text}
            <span className="sr-only">]</span>
          </ins>
        ) : p.kind === "removed" ? (
          <del key={i} className="mx-0.5 bg-red-100 px-0.5 text-red-950 line-through decoration-red-700">
            <span className="sr-only">[supprimé : </span>
            {p.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}

const FIELD_NAMES: Record<string, string> = {
  content: "contenu",
  styles: "apparence",
  href: "lien",
  alt: "texte alternatif",
  level: "niveau de titre",
  hide: "visibilité",
  deviceStyles: "réglages par appareil",
  sample: "texte d'exemple",
  type: "type",
};

function ElementLine({ e, labels }: { e: ElementDiff<RenderElementOf>; labels: Labels }) {
  const el = (e.after ?? e.before)!;
  const name = elementName(el as PageElement);
  const kind = e.kind === "same" ? null : e.kind;
  const other = e.fields.filter((f) => f !== "content");
  return (
    <li className="py-1.5 text-sm" data-testid="element-change" data-element-id={e.id} data-kind={e.kind}>
      <span className="flex flex-wrap items-center gap-1.5">
        {kind ? <Mark kind={kind} labels={labels} /> : null}
        {e.moved ? <Mark kind="moved" labels={labels} /> : null}
        <span className="font-medium">{name}</span>
        {kind === "changed" && other.length ? <span className="text-neutral-600">({other.map((f) => FIELD_NAMES[f] ?? f).join(", ")})</span> : null}
      </span>
      {kind === "changed" && e.before && e.after ? <TextChange before={readableText(e.before)} after={readableText(e.after)} /> : null}
    </li>
  );
}

function sectionLabel(s: RSectionDiff, index: number) {
  const columns = (s.after ?? s.before)!.columns;
  return columns.length === 1
    ? `Section ${index + 1} · 1 colonne`
    : `Section ${index + 1} · ${columns.length} colonnes (${columns.map((c) => c.width).join(" + ")})`;
}

export interface CompareViewProps {
  diff: RenderDiff;
  lang: Lang;
  media?: MediaMap;
  headings: { before: string; after: string };
  labels?: Labels;
  showSame: boolean;
  /** Buttons of a block's header (Restaurer ce bloc; Garder la leur / la mienne). */
  blockActions?: (b: RBlockDiff) => ReactNode;
  sectionActions?: (s: RSectionDiff, b: RBlockDiff) => ReactNode;
  /** Names the two versions shown ("left|right"), for tests and the benchmark to know which comparison is on screen. */
  pair?: string;
}

export function CompareView({ diff, lang, media = {}, headings, labels = CHANGE_LABELS, showSame, blockActions, sectionActions, pair }: CompareViewProps) {
  const css = useMemo(
    () =>
      diff.blocks
        .filter((b) => b.kind !== "same" || b.moved)
        .map((b) => marksCss(b.id, b, labels))
        .join("\n"),
    [diff, labels],
  );
  return (
    <RenderProvider value={{ lang, media }}>
      {css ? <style>{css}</style> : null}
      <ol className="space-y-3" data-testid="compare-blocks" data-pair={pair} lang={lang}>
        {diff.blocks.map((b) => {
          const block = (b.after ?? b.before)!;
          const name = blockName(block as Block, b.afterIndex >= 0 ? b.afterIndex : b.beforeIndex);
          const kind = b.kind === "same" ? null : b.kind;
          if (!kind && !b.moved) {
            return showSame ? (
              <li key={b.id} className="rounded border border-neutral-200 p-3" data-compare-row={b.id} data-kind="same" data-testid="compare-block">
                <p className="mb-2 text-sm font-semibold">
                  {name} <span className="font-normal text-neutral-600">· identique</span>
                </p>
                <Side block={b.after} side="after" heading={headings.after} />
              </li>
            ) : (
              <li key={b.id} className="px-3 text-sm text-neutral-600" data-compare-row={b.id} data-kind="same" data-testid="compare-block">
                {name} · identique
              </li>
            );
          }
          // Inside a block added or removed whole, every part is too: the list would repeat the header.
          const changedSections = b.kind === "changed" ? b.sections.map((s, i) => ({ s, i })).filter(({ s }) => s.kind !== "same" || s.moved) : [];
          return (
            <li key={b.id} className="rounded-lg border border-neutral-300 p-3" data-compare-row={b.id} data-kind={b.kind} data-testid="compare-block">
              <div className="mb-2 flex flex-wrap items-center gap-2">
                {kind ? <Mark kind={kind} labels={labels} /> : null}
                {b.moved ? <Mark kind="moved" labels={labels} /> : null}
                <h3 className="flex-1 font-semibold">{name}</h3>
                {blockActions?.(b)}
              </div>
              <div className="grid gap-3 xl:grid-cols-2">
                <Side block={b.before} side="before" heading={headings.before} />
                <Side block={b.after} side="after" heading={headings.after} />
              </div>
              {changedSections.length ? (
                <ul className="mt-2 divide-y divide-neutral-100">
                  {changedSections.map(({ s, i }) => (
                    <li key={s.id} className="py-1.5" data-testid="section-change" data-section-id={s.id} data-kind={s.kind}>
                      <div className="flex flex-wrap items-center gap-1.5 text-sm">
                        {s.kind !== "same" ? <Mark kind={s.kind} labels={labels} /> : null}
                        {s.moved ? <Mark kind="moved" labels={labels} /> : null}
                        <span className="flex-1 font-medium">
                          {sectionLabel(s, i)}
                          {s.ownChanged ? <span className="font-normal text-neutral-600"> (réglages ou colonnes)</span> : null}
                        </span>
                        {sectionActions?.(s, b)}
                      </div>
                      <ul className="ml-4">
                        {s.elements
                          .filter((e) => e.kind !== "same" || e.moved)
                          .map((e) => (
                            <ElementLine key={e.id} e={e} labels={labels} />
                          ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
    </RenderProvider>
  );
}

/** "Blocs : 2 modifiés, 1 ajouté." — the diff in one sentence (none: "Aucune différence."). */
export function summaryOf(diff: RenderDiff): string {
  if (diff.same) return "Aucune différence.";
  const plural = (n: number, word: string) => (n ? `${n} ${word}${n > 1 ? "s" : ""}` : "");
  const { added, removed, changed, moved } = diff.counts;
  const parts = [plural(changed, "modifié"), plural(added, "ajouté"), plural(removed, "supprimé"), plural(moved, "déplacé")].filter(Boolean);
  return `Blocs${NBSP}: ${parts.join(", ")}.`;
}
