import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "~/components/kit/ConfirmDialog";
import { Dialog } from "~/components/kit/Dialog";
import { Toast } from "~/components/kit/Toast";
import { ApiClientError } from "~/lib/admin/api-client";
import { articlesApi } from "~/lib/api/client";
import type { ArticleLang, ArticleMoveAnswer, CalendarEntry } from "~/lib/blog/article-schemas";
import { formatDay, formatWhen, utcToLocal } from "~/lib/blog/time";
import type { CalendarItem, MoveScope } from "./Calendar";

const LANG_WORD: Record<ArticleLang, string> = { fr: "française", en: "anglaise" };

interface Move {
  item: CalendarItem;
  day: string;
  langs: ArticleLang[];
  via: "drag" | "keyboard";
}
type Asking = { kind: "confirm"; move: Move; warning: string | null } | { kind: "overlap"; move: Move; message: string };
interface Undo {
  id: string;
  restore: Partial<Record<ArticleLang, string>>;
  versions: Partial<Record<ArticleLang, number>>;
}

/**
 * The calendar's moves (issue 20): the article whole by default, or the language chosen; a keyboard move
 * is confirmed like a risky drop is; the autumn's repeated hour is asked about; every move ends in a toast
 * "Article déplacé au 30 nov. · Annuler" whose Annuler puts every moved language back where it was.
 */
export function useCalendarMoves({
  calendar,
  timeZone,
  refresh,
  say,
  fail,
  showMonth,
}: {
  calendar: CalendarEntry[];
  timeZone: string;
  refresh: () => Promise<void>;
  say: (message: string) => void;
  fail: (e: unknown) => void;
  showMonth: (month: string) => void;
}) {
  const [scope, setScope] = useState<MoveScope>("both");
  const [asking, setAsking] = useState<Asking | null>(null);
  const [toast, setToast] = useState<{ id: number; label: string; undo: Undo } | null>(null);

  /** The versions the screen read: the chip's, and the other language's when its chip is in the answer. */
  const versionsOf = (id: string) => Object.fromEntries(calendar.filter((e) => e.id === id).map((e) => [e.lang, e.version]));

  async function run(move: Move, overlap?: "earlier" | "later") {
    const { item, day, langs } = move;
    let r: ArticleMoveAnswer;
    try {
      r = await articlesApi.move(item.article.id, { day, langs, versions: versionsOf(item.article.id), ...(overlap ? { overlap } : {}) });
    } catch (e) {
      if (e instanceof ApiClientError && e.code === "ambiguous_local_time") setAsking({ kind: "overlap", move, message: e.message });
      else fail(e);
      return;
    }
    const moved = Object.keys(r.moved) as ArticleLang[];
    const only = moved.length === 1 ? ` (version ${LANG_WORD[moved[0]]} seulement)` : "";
    const label = `Article déplacé au ${formatDay(day, utcToLocal(new Date(), timeZone).slice(0, 4))}${only}`;
    const versions = Object.fromEntries(moved.map((l) => [l, r.article.versions[l]?.version ?? 1]));
    setToast({ id: Date.now(), label, undo: { id: item.article.id, restore: Object.fromEntries(moved.map((l) => [l, r.moved[l]!.from])), versions } });
    say(`« ${item.version.title} » déplacé au ${formatDay(day)}${only}.`);
    if (move.via === "keyboard") showMonth(day.slice(0, 7));
    await refresh();
  }

  async function undo(u: Undo) {
    setToast(null);
    try {
      await articlesApi.move(u.id, { restore: u.restore, versions: u.versions });
      const back = Object.values(u.restore)[0];
      say(`Déplacement annulé : l'article est de nouveau programmé ${back ? `le ${formatWhen(back, timeZone)}` : "à sa date"}.`);
      await refresh();
    } catch (e) {
      fail(e);
    }
  }

  /** A drop or an arrow key: checked, confirmed when it must be, then sent. */
  function onMove(item: CalendarItem, day: string, via: "drag" | "keyboard") {
    const lang = item.version.lang;
    if (scope !== "both" && scope !== lang) {
      fail(
        new Error(
          `« ${item.version.title} » (${lang.toUpperCase()}) : le choix « seulement ${scope.toUpperCase()} » ne déplace pas la version ${LANG_WORD[lang]}. Choisissez « les deux langues » ou « seulement ${lang.toUpperCase()} ».`,
        ),
      );
      return;
    }
    const move: Move = { item, day, langs: scope === "both" ? ["fr", "en"] : [scope], via };
    const at = `${day}T${(item.version.publishAtLocal ?? "T09:00").slice(11)}`;
    const willBeFuture = at > utcToLocal(new Date(), timeZone);
    const crossing = (item.version.status === "published") === willBeFuture;
    const warning = crossing
      ? item.version.status === "published"
        ? `« ${item.version.title} » est en ligne : le déplacer dans le futur le retire du site jusqu'à cette date.`
        : `La date choisie est passée : « ${item.version.title} » sera publié tout de suite.`
      : null;
    if (via === "keyboard" || warning) setAsking({ kind: "confirm", move, warning });
    else void run(move);
  }

  const scopeWords = (m: Move) => (m.langs.length > 1 ? "dans les deux langues" : `(version ${LANG_WORD[m.langs[0]]} seulement)`);
  let dialog: ReactNode = null;
  if (asking?.kind === "confirm") {
    const { move, warning } = asking;
    dialog = (
      <ConfirmDialog
        title="Confirmer le déplacement"
        confirmLabel="Déplacer"
        tone="neutral"
        testId="confirm-move"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          void run(move);
        }}
      >
        <p>
          Déplacer « {move.item.version.title} » au {formatDay(move.day)} {scopeWords(move)}, chaque langue à son heure ?
        </p>
        {warning ? <p className="mt-2 font-semibold">{warning}</p> : null}
      </ConfirmDialog>
    );
  } else if (asking?.kind === "overlap") {
    const { move, message } = asking;
    const choose = (o: "earlier" | "later") => {
      setAsking(null);
      void run(move, o);
    };
    dialog = (
      <Dialog
        title="Heure ambiguë"
        onClose={() => setAsking(null)}
        testId="overlap-move"
        actions={
          <>
            <button type="button" className="rounded-full border border-ink px-4 py-2 font-semibold" onClick={() => choose("earlier")} data-action="earlier">
              La première
            </button>
            <button type="button" className="rounded-full bg-ink px-4 py-2 font-semibold text-white" onClick={() => choose("later")} data-action="later">
              La seconde
            </button>
          </>
        }
      >
        <p>{message}</p>
      </Dialog>
    );
  }

  const toastNode = (
    <Toast
      message={toast}
      onDismiss={() => setToast(null)}
      action={{ label: "Annuler", onAction: () => toast && void undo(toast.undo), testAction: "undo-move" }}
      testId="move-toast"
    />
  );
  return { scope, setScope, onMove, dialog, toast: toastNode };
}
