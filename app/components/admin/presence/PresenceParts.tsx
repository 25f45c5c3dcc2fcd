import { useEffect, useState, type ReactNode } from "react";
import { Dialog } from "~/components/kit/Dialog";
import type { PresentMember } from "~/lib/api/presence";
import { durationSince } from "~/lib/presence/people";
import { NNBSP } from "~/lib/typography/french";
import type { Presence } from "./use-presence";

/** What is being edited, as the notices name it. */
export type Subject = "page" | "article";
const THIS: Record<Subject, string> = { page: "cette page", article: "cet article" };

/** This browser's clock moved to the server's, again every 30 s ("depuis 10 min" keeps up). */
function useServerNow(skewMs: number): number {
  const [now, setNow] = useState(() => Date.now() + skewMs);
  useEffect(() => {
    setNow(Date.now() + skewMs);
    const t = setInterval(() => setNow(Date.now() + skewMs), 30_000);
    return () => clearInterval(t);
  }, [skewMs]);
  return now;
}

/** "Camille modifie cette page depuis 10 min", or the member's own other tab. */
export function editingSentence(m: PresentMember, subject: Subject, now: number): string {
  const since = durationSince(m.since, now);
  return m.isMe ? `Vous modifiez déjà ${THIS[subject]} dans un autre onglet depuis ${since}` : `${m.name} modifie ${THIS[subject]} depuis ${since}`;
}

export function Avatar({ member, size = "md", tone = "light" }: { member: PresentMember; size?: "sm" | "md"; tone?: "light" | "dark" }) {
  const box = size === "sm" ? "h-7 w-7 text-[11px]" : "h-11 w-11 text-base";
  const editing = member.mode === "editing";
  const ring = editing ? "ring-2 ring-brand-yellow" : tone === "dark" ? "ring-1 ring-white/40" : "ring-1 ring-neutral-300";
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full font-bold ${box} ${ring} ${editing ? "bg-brand-teal text-ink" : "bg-neutral-200 text-ink"}`}
    >
      {member.initials}
    </span>
  );
}

/** The notice shown on opening a page someone else holds: read-only, take over, or back. */
export function PresenceNotice({ presence, subject, onBack }: { presence: Presence; subject: Subject; onBack: () => void }) {
  const now = useServerNow(presence.skewMs);
  if (presence.phase.kind !== "choosing") return null;
  const holder = presence.phase.holder;
  const title = editingSentence(holder, subject, now);
  const button = "rounded-full px-4 py-2 font-semibold";
  return (
    <Dialog
      title={title}
      // Escape is the least final choice: stay, read-only.
      onClose={() => void presence.chooseReadOnly()}
      testId="presence-notice"
      // Wide enough for the three choices on one line.
      size="lg"
      footer={() => (
        <>
          <button type="button" className={`${button} font-normal hover:bg-neutral-100`} onClick={onBack} data-action="presence-back">
            Retour
          </button>
          <button
            type="button"
            className={`${button} border border-neutral-300 hover:bg-neutral-50`}
            onClick={() => void presence.chooseReadOnly()}
            data-action="presence-read-only"
          >
            Ouvrir en lecture seule
          </button>
          <button
            type="button"
            className={`${button} bg-ink text-white disabled:opacity-50`}
            disabled={presence.busy}
            onClick={() => void presence.takeOver()}
            data-action="presence-take-over"
          >
            Prendre la main
          </button>
        </>
      )}
    >
      <div className="flex items-start gap-3">
        <Avatar member={holder} />
        <div className="space-y-2 text-sm text-neutral-700">
          <p>
            {holder.isMe ? "Vous" : holder.name} ({holder.email}) {holder.isMe ? "avez" : "a"} la main{NNBSP}: une seule personne modifie {THIS[subject]} à la
            fois, pour que personne n'écrase le travail d'un autre.
          </p>
          <p>
            En lecture seule, vous voyez {THIS[subject]} sans rien pouvoir changer. Si vous prenez la main, l'autre onglet passe en lecture seule avec un
            message, et ce qui n'y était pas enregistré y reste conservé.
          </p>
        </div>
      </div>
    </Dialog>
  );
}

/** The read-only band under the bar: why, and the way back to editing. */
export function ReadOnlyBanner({ presence, subject, kept, actions }: { presence: Presence; subject: Subject; kept: ReactNode; actions?: ReactNode }) {
  const now = useServerNow(presence.skewMs);
  const { phase } = presence;
  if (phase.kind !== "reading" && phase.kind !== "lost") return null;
  const take = (
    <button
      type="button"
      className="rounded-full bg-ink px-4 py-1.5 text-sm font-semibold text-white disabled:opacity-50"
      disabled={presence.busy}
      onClick={() => void presence.takeOver()}
      data-action="presence-take-over"
    >
      {phase.kind === "lost" ? "Reprendre la main" : "Prendre la main"}
    </button>
  );
  let text: ReactNode;
  if (phase.kind === "lost") {
    const who = phase.by ? (phase.by.isMe ? "Vous avez, dans un autre onglet," : `${phase.by.name} a`) : "Un autre membre a";
    text = (
      <>
        <strong>
          {who} pris la main sur {THIS[subject]}.
        </strong>{" "}
        {kept}
      </>
    );
  } else {
    text = (
      <>
        <strong>Lecture seule{NNBSP}:</strong> {phase.holder ? `${editingSentence(phase.holder, subject, now)}.` : `plus personne ne modifie ${THIS[subject]}.`}
      </>
    );
  }
  return (
    <div
      className="flex flex-wrap items-center gap-3 bg-sky-100 px-4 py-2 text-sm text-sky-950"
      role="status"
      data-testid="presence-banner"
      data-phase={phase.kind}
    >
      <span className="min-w-0 flex-1">{text}</span>
      {actions}
      {take}
      {presence.error ? (
        <span className="w-full font-semibold text-red-800" role="alert" data-testid="presence-error">
          {presence.error}
        </span>
      ) : null}
    </div>
  );
}

/** Who else has the page open, as initials (the holder ringed in yellow). */
export function PresenceStrip({
  presence,
  subject,
  tone = "light",
  showLabel = false,
}: {
  presence: Presence;
  subject: Subject;
  tone?: "light" | "dark";
  /** Says "Aussi sur cet article" in words before the initials (where the strip stands alone). */
  showLabel?: boolean;
}) {
  const now = useServerNow(presence.skewMs);
  if (presence.others.length === 0) return null;
  const shown = presence.others.slice(0, 4);
  const label = (m: PresentMember) =>
    m.mode === "editing" ? editingSentence(m, subject, now) : `${m.isMe ? "Vous (autre onglet)" : m.name}${NNBSP}: lecture seule`;
  const list = (
    <ul className="flex shrink-0 items-center -space-x-1.5" aria-label={`Aussi sur ${THIS[subject]}`} data-testid="presence-strip">
      {shown.map((m) => (
        <li key={m.sessionId} title={label(m)} data-mode={m.mode} className="flex">
          <Avatar member={m} size="sm" tone={tone} />
          <span className="sr-only">{label(m)}</span>
        </li>
      ))}
      {presence.others.length > shown.length ? (
        <li className={`pl-2.5 text-xs font-semibold ${tone === "dark" ? "text-white/80" : "text-neutral-700"}`}>+{presence.others.length - shown.length}</li>
      ) : null}
    </ul>
  );
  if (!showLabel) return list;
  return (
    <div className="flex items-center gap-2 text-sm text-neutral-700">
      <span aria-hidden="true">
        Aussi sur {THIS[subject]}
        {NNBSP}:
      </span>
      {list}
    </div>
  );
}
