import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { CalendarEntry } from "~/lib/blog/article-schemas";
import { localDay, utcToLocal } from "~/lib/blog/time";

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
const ACCESSIBILITY = {
  screenReaderInstructions: {
    draggable:
      "Flèches gauche et droite : reprogrammer un jour plus tôt ou plus tard ; flèches haut et bas : une semaine. Entrée : choisir la date et l'heure.",
  },
};

function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * A month of scheduled and published articles. Dragging a chip to another day reschedules it (same time
 * of day); from the keyboard, the arrow keys on a focused chip do the same (a day, or a week with up and
 * down) and the chip keeps the focus on its new day; Entrée opens "Programmer" with its date.
 */
export function Calendar({
  month,
  timeZone,
  articles,
  onMonth,
  onMove,
  onOpen,
}: {
  month: string;
  timeZone: string;
  articles: CalendarEntry[];
  onMonth: (m: string) => void;
  onMove: (item: CalendarItem, day: string) => void;
  onOpen: (item: CalendarItem) => void;
}) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER));
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarItem[]>();
    for (const v of articles) {
      const day = localDay(v.publishAt, timeZone);
      const list = map.get(day) ?? [];
      list.push({ article: { id: v.id }, version: v });
      map.set(day, list);
    }
    return map;
  }, [articles, timeZone]);
  const items = useMemo(() => new Map([...byDay.values()].flat().map((i) => [itemKey(i), i])), [byDay]);
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
    if (!day.startsWith(month)) onMonth(day.slice(0, 7));
    onMove(item, day);
  }

  function onDragEnd(e: DragEndEvent) {
    const item = items.get(String(e.active.id));
    const day = e.over ? String(e.over.id) : null;
    if (!item || !day || !item.version.publishAt || localDay(item.version.publishAt, timeZone) === day) return;
    onMove(item, day);
  }

  return (
    <section aria-labelledby="calendar-title" className="mt-6 rounded-xl border border-neutral-200 bg-white p-3 md:p-4" data-testid="blog-calendar">
      <div className="flex items-center gap-2">
        <h2 id="calendar-title" className="text-lg font-bold capitalize" data-testid="calendar-month">
          {label}
        </h2>
        <button
          type="button"
          className="ml-auto rounded-full border border-neutral-300 px-3 py-1 text-sm"
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
      <p className="mt-1 text-xs text-neutral-600">
        Glissez un article sur un autre jour pour le reprogrammer (même heure). Au clavier : flèches ← → sur un article pour le déplacer d'un jour, ↑ ↓ d'une
        semaine ; Entrée pour choisir sa date. Heures de {timeZone}.
      </p>
      <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={ACCESSIBILITY}>
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
              timeZone={timeZone}
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
  timeZone: string;
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

function Chip({ item, day, timeZone, onOpen, onKeyMove, focusKey, onFocused }: { item: CalendarItem; day: string } & ChipHandlers) {
  const key = itemKey(item);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: key });
  const button = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (focusKey?.key !== key || focusKey.day !== day || !button.current) return;
    button.current.focus();
    onFocused();
  }, [focusKey, key, day]);
  const v = item.version;
  const time = v.publishAt ? utcToLocal(v.publishAt, timeZone).slice(11) : "";
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
        aria-label={`${v.title} (${v.lang.toUpperCase()}), ${v.status === "scheduled" ? "programmé" : "publié"} à ${time}. Flèches pour le déplacer, Entrée pour changer la date.`}
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
