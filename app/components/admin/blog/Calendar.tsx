import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { CalendarEntry } from "~/lib/blog/article-schemas";
import { formatDay, localDay, utcToLocal } from "~/lib/blog/time";

/** One language version on a day of the calendar. */
export interface CalendarItem {
  article: { id: string };
  version: CalendarEntry;
}

const WEEKDAYS = ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."];
const POINTER = { activationConstraint: { distance: 6 } };

/** The month's days, Monday first, padded with the neighbouring months' days to whole weeks. */
function monthGrid(month: string): string[] {
  const [y, m] = month.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1));
  const offset = (first.getUTCDay() + 6) % 7;
  const days: string[] = [];
  const start = Date.UTC(y, m - 1, 1 - offset);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const count = Math.ceil((offset + last) / 7) * 7;
  for (let i = 0; i < count; i++) days.push(new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  return days;
}

function shiftDay(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);
}

/** Arrow keys on a focused chip: a day left or right, a week up or down. */
const KEY_DAYS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
const itemKey = (i: CalendarItem) => `${i.article.id}:${i.version.lang}`;
const INSTRUCTIONS = {
  draggable:
    "Flèches gauche et droite : déplacer d'un jour plus tôt ou plus tard ; flèches haut et bas : d'une semaine (une confirmation est demandée). Entrée : choisir la date et l'heure.",
};

/** Which languages a move takes: the article whole by default (issue 20), or one language on purpose. */
export type MoveScope = "both" | "fr" | "en";
const SCOPES: [MoveScope, string][] = [
  ["both", "les deux langues"],
  ["fr", "seulement FR"],
  ["en", "seulement EN"],
];

/** What a screen reader hears while a chip is dragged: French, naming the article by its title and the day. */
function announcements(items: Map<string, CalendarItem>): Announcements {
  const title = (id: string | number) => {
    const i = items.get(String(id));
    return i ? `« ${i.version.title} » (${i.version.lang.toUpperCase()})` : "L'article";
  };
  const day = (id: string | number | undefined) => (id ? `le ${formatDay(String(id))}` : "aucun jour");
  return {
    onDragStart: ({ active }) => `${title(active.id)} saisi. Choisissez un jour et relâchez pour le déplacer.`,
    onDragOver: ({ active, over }) => `${title(active.id)} au-dessus de ${day(over?.id)}.`,
    onDragEnd: ({ active, over }) => (over ? `${title(active.id)} relâché sur ${day(over.id)}.` : `${title(active.id)} relâché hors du calendrier.`),
    onDragCancel: ({ active }) => `Déplacement de ${title(active.id)} annulé.`,
  };
}

function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * A month of scheduled and published articles. Dragging a chip to another day asks to move the article
 * (its languages as `scope` says, each at its own time of day); from the keyboard, the arrow keys on a
 * focused chip ask the same (a day, or a week with up and down) and the chip keeps the focus on its new
 * day once moved; Entrée opens "Programmer" with its date.
 */
export function Calendar({
  month,
  timeZone,
  articles,
  scope,
  onScope,
  onMonth,
  onMove,
  onOpen,
}: {
  month: string;
  timeZone: string;
  articles: CalendarEntry[];
  scope: MoveScope;
  onScope: (s: MoveScope) => void;
  onMonth: (m: string) => void;
  onMove: (item: CalendarItem, day: string, via: "drag" | "keyboard") => void;
  onOpen: (item: CalendarItem) => void;
}) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER));
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarItem[]>();
    for (const v of articles) {
      // The server sends each chip's wall-clock time in the site's zone: no date arithmetic per chip here.
      const day = v.publishAtLocal.slice(0, 10);
      const list = map.get(day) ?? [];
      list.push({ article: { id: v.id }, version: v });
      map.set(day, list);
    }
    return map;
  }, [articles]);
  const items = useMemo(() => new Map([...byDay.values()].flat().map((i) => [itemKey(i), i])), [byDay]);
  const accessibility = useMemo(() => ({ screenReaderInstructions: INSTRUCTIONS, announcements: announcements(items) }), [items]);
  // The chip moved from the keyboard: focused again once it is drawn on its new day.
  const [focusKey, setFocusKey] = useState<{ key: string; day: string } | null>(null);
  const today = utcToLocal(new Date(), timeZone).slice(0, 10);
  const label = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T12:00:00Z`));

  function onKeyMove(item: CalendarItem, e: KeyboardEvent) {
    const delta = KEY_DAYS[e.key];
    if (!delta || !item.version.publishAt || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    const day = shiftDay(localDay(item.version.publishAt, timeZone), delta);
    setFocusKey({ key: itemKey(item), day });
    onMove(item, day, "keyboard");
  }

  function onDragEnd(e: DragEndEvent) {
    const item = items.get(String(e.active.id));
    const day = e.over ? String(e.over.id) : null;
    if (!item || !day || !item.version.publishAt || localDay(item.version.publishAt, timeZone) === day) return;
    onMove(item, day, "drag");
  }

  return (
    <section aria-labelledby="calendar-title" className="mt-6 rounded-xl border border-neutral-200 bg-white p-3 md:p-4" data-testid="blog-calendar">
      {/* The month's buttons move together under its name when a phone has no room beside it. */}
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="calendar-title" className="text-lg font-bold capitalize" data-testid="calendar-month">
          {label}
        </h2>
        <div className="ml-auto flex gap-2">
          <button
            type="button"
            className="rounded-full border border-neutral-300 px-3 py-1 text-sm"
            onClick={() => onMonth(shiftMonth(month, -1))}
            aria-label="Mois précédent"
          >
            ←
          </button>
          <button type="button" className="rounded-full border border-neutral-300 px-3 py-1 text-sm" onClick={() => onMonth(today.slice(0, 7))}>
            Aujourd'hui
          </button>
          <button
            type="button"
            className="rounded-full border border-neutral-300 px-3 py-1 text-sm"
            onClick={() => onMonth(shiftMonth(month, 1))}
            aria-label="Mois suivant"
          >
            →
          </button>
        </div>
      </div>
      <p className="mt-1 text-xs text-neutral-600">
        Glissez un article sur un autre jour pour le reprogrammer (même heure). Au clavier : flèches ← → sur un article pour le déplacer d'un jour, ↑ ↓ d'une
        semaine ; Entrée pour choisir sa date. Fuseau horaire : {timeZone}.
      </p>
      <fieldset className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="move-scope">
        <legend className="float-left mr-1 font-semibold">Déplacer :</legend>
        {SCOPES.map(([value, label]) => (
          <label key={value} className="inline-flex items-center gap-1">
            <input type="radio" name="move-scope" value={value} checked={scope === value} onChange={() => onScope(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={accessibility}>
        <div
          className="mt-3 grid grid-cols-7 gap-px overflow-hidden rounded-lg border border-neutral-200 bg-neutral-200 text-xs"
          role="grid"
          aria-label={`Calendrier des articles, ${label}`}
        >
          {WEEKDAYS.map((d) => (
            <div key={d} role="columnheader" className="bg-neutral-50 px-1 py-1 text-center font-semibold text-neutral-600">
              {d}
            </div>
          ))}
          {monthGrid(month).map((day) => (
            <Day
              key={day}
              day={day}
              inMonth={day.startsWith(month)}
              today={day === today}
              items={byDay.get(day) ?? []}
              onOpen={onOpen}
              onKeyMove={onKeyMove}
              focusKey={focusKey}
              onFocused={() => setFocusKey(null)}
            />
          ))}
        </div>
      </DndContext>
    </section>
  );
}

interface ChipHandlers {
  onOpen: (i: CalendarItem) => void;
  onKeyMove: (i: CalendarItem, e: KeyboardEvent) => void;
  /** The chip to focus once it is drawn on that day (moved from the keyboard). */
  focusKey: { key: string; day: string } | null;
  onFocused: () => void;
}

function Day({ day, inMonth, today, items, ...handlers }: { day: string; inMonth: boolean; today: boolean; items: CalendarItem[] } & ChipHandlers) {
  const { setNodeRef, isOver } = useDroppable({ id: day });
  return (
    <div
      ref={setNodeRef}
      role="gridcell"
      data-day={day}
      className={`min-h-20 min-w-0 p-1 ${inMonth ? "bg-white" : "bg-neutral-50 text-neutral-400"} ${isOver ? "ring-2 ring-inset ring-brand-teal" : ""}`}
    >
      <span className={`inline-block rounded-full px-1.5 ${today ? "bg-ink font-bold text-white" : ""}`}>{Number(day.slice(8))}</span>
      <ul className="mt-1 space-y-1">
        {items.map((i) => (
          <Chip key={itemKey(i)} item={i} day={day} {...handlers} />
        ))}
      </ul>
    </div>
  );
}

function Chip({ item, day, onOpen, onKeyMove, focusKey, onFocused }: { item: CalendarItem; day: string } & ChipHandlers) {
  const key = itemKey(item);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: key });
  const button = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (focusKey?.key !== key || focusKey.day !== day || !button.current) return;
    button.current.focus();
    onFocused();
  }, [focusKey, key, day]);
  const v = item.version;
  const time = v.publishAtLocal.slice(11, 16);
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <li className="min-w-0">
      <button
        ref={(el) => {
          setNodeRef(el);
          button.current = el;
        }}
        type="button"
        style={style}
        {...listeners}
        {...attributes}
        aria-roledescription="article déplaçable"
        aria-label={`${v.title} (${v.lang.toUpperCase()}), ${v.state.label}${v.status === "scheduled" ? "" : ` à ${time}`}. Flèches pour le déplacer, Entrée pour changer la date.`}
        title={v.state.label}
        data-status={v.state.kind}
        aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown"
        onClick={() => onOpen(item)}
        onKeyDown={(e) => onKeyMove(item, e)}
        data-testid="calendar-chip"
        data-article-id={item.article.id}
        data-lang={v.lang}
        className={`block w-full truncate rounded px-1 py-0.5 text-left text-[11px] leading-tight ${v.status === "scheduled" ? "bg-sky-100 text-sky-950" : "bg-emerald-100 text-emerald-950"} ${isDragging ? "relative z-10 shadow-lg" : ""} touch-none`}
      >
        <span className="font-mono">{time}</span> {v.lang.toUpperCase()} · {v.title}
      </button>
    </li>
  );
}
