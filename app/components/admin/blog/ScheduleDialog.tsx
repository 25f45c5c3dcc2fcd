import { useEffect, useRef, useState } from "react";
import { Dialog } from "~/components/kit/Dialog";
import { ApiClientError } from "~/lib/admin/api-client";
import { isValidLocal, localToUtc, utcToLocal } from "~/lib/blog/time";

/** Why a schedule was refused; `ambiguous`: the autumn's repeated hour, the server asks which of the two. */
export interface ScheduleRefusal {
  message: string;
  ambiguous: boolean;
}
export type Overlap = "earlier" | "later";

/** The refusal a failed schedule request turns into (the dialog shows it, with the choice when asked). */
export function scheduleRefusal(e: unknown): ScheduleRefusal {
  return {
    message: e instanceof Error ? e.message : "Programmation impossible",
    ambiguous: e instanceof ApiClientError && e.code === "ambiguous_local_time",
  };
}

const longDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" }).format(
    at,
  );

/**
 * "Programmer": the one date dialog of the article editor's bar and of the scheduler (list and calendar).
 * A day and a time of the site's zone, named beside the time; a past or impossible one is refused here, in
 * French, before the server would; the autumn's repeated hour is asked about ("La première / La seconde").
 * `onSchedule` resolves with null when done (the dialog closes) or the refusal to show.
 */
export function ScheduleDialog({
  title,
  timeZone,
  initial,
  onClose,
  onSchedule,
}: {
  title: string;
  timeZone: string;
  /** "YYYY-MM-DDTHH:mm" in the zone; tomorrow at 09:00 when absent. */
  initial?: string | null;
  onClose: () => void;
  onSchedule: (local: string, overlap?: Overlap) => Promise<ScheduleRefusal | null>;
}) {
  const start = initial ?? `${utcToLocal(new Date(Date.now() + 86_400_000), timeZone).slice(0, 10)}T09:00`;
  const [day, setDay] = useState(start.slice(0, 10));
  const [time, setTime] = useState(start.slice(11, 16));
  const [refusal, setRefusal] = useState<ScheduleRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  const dayInput = useRef<HTMLInputElement>(null);
  useEffect(() => dayInput.current?.focus(), []);
  const local = `${day}T${time}`;
  const valid = isValidLocal(local);
  const instant = valid ? localToUtc(local, timeZone) : null;
  const problem = !valid
    ? "Date ou heure invalide : choisissez un jour et une heure (HH:MM)."
    : instant && instant.getTime() <= Date.now()
      ? "Cette date est passée : choisissez une date à venir, ou « Publier » pour publier maintenant."
      : null;

  function submit(close: () => void, overlap?: Overlap) {
    setBusy(true);
    setRefusal(null);
    void onSchedule(local, overlap).then((r) => {
      setBusy(false);
      if (r) setRefusal(r);
      else close();
    });
  }

  return (
    <Dialog
      title={title}
      onClose={onClose}
      testId="schedule-dialog"
      confirm={{ label: "Programmer", action: "confirm-schedule", disabled: busy || problem !== null, onConfirm: (close) => submit(close) }}
    >
      <div className="grid gap-3 sm:grid-cols-2" lang="fr">
        <label className="text-sm font-semibold">
          Date
          <input
            ref={dayInput}
            type="date"
            lang="fr"
            className="mt-1 w-full rounded border border-neutral-300 px-2 py-1.5"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            name="publishDay"
          />
        </label>
        <label className="text-sm font-semibold">
          Heure <span className="font-normal text-neutral-600">({timeZone})</span>
          <input
            type="time"
            lang="fr"
            step={60}
            className="mt-1 w-full rounded border border-neutral-300 px-2 py-1.5"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            name="publishTime"
          />
        </label>
      </div>
      <p className="mt-3 text-sm" data-testid="schedule-summary">
        {problem ?? `Publication le ${longDate(instant!, timeZone)} (heure de ${timeZone}).`}
      </p>
      {refusal ? (
        <div role="alert" className="mt-2 rounded bg-red-50 p-2 text-sm text-red-800">
          <p>{refusal.message}</p>
          {refusal.ambiguous ? (
            <p className="mt-2 flex gap-2">
              {(
                [
                  ["earlier", "La première"],
                  ["later", "La seconde"],
                ] as const
              ).map(([overlap, label]) => (
                <button
                  key={overlap}
                  type="button"
                  disabled={busy}
                  className="rounded-full border border-red-800 px-3 py-1"
                  // The dialog's own close is not reachable from here: the parent closes it on success.
                  onClick={() => submit(onClose, overlap)}
                  data-action={overlap}
                >
                  {label}
                </button>
              ))}
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
