import { useEffect, useRef, useState } from "react";
import { ApiClientError } from "~/lib/admin/api-client";
import { presenceApi } from "~/lib/api/client";
import type { PresenceView, PresentMember } from "~/lib/api/presence";
import { EDITING_TAB_HEADER, HEARTBEAT_MS } from "~/lib/presence/presence-schemas";
import { editingTabId } from "~/lib/presence/tab";

/**
 * The presence of editors for one page or article, in an editor tab (decision 049): the tab opens the
 * page (holding it when nobody else does), beats every HEARTBEAT_MS, hears the others live (server-sent
 * events) and leaves when the editor closes. The phase says what the screen shows:
 * - opening: waiting for the first answer (the editor works meanwhile; the server still guards saves);
 * - holding: this tab edits;
 * - choosing: someone else holds it: the notice asks "lecture seule", "prendre la main" or "retour";
 * - reading: read-only by choice (holder null: nobody holds it any more);
 * - lost: another tab took over (`by`), this one is read-only and keeps what was not saved;
 * - unavailable: the presence service did not answer: editing as before (saves are still version-checked).
 */
export type PresencePhase =
  | { kind: "opening" }
  | { kind: "holding" }
  | { kind: "choosing"; holder: PresentMember }
  | { kind: "reading"; holder: PresentMember | null }
  | { kind: "lost"; by: PresentMember | null }
  | { kind: "unavailable" };

export interface Presence {
  phase: PresencePhase;
  /** The others with the page open (the holder included). */
  others: PresentMember[];
  /** The server's clock minus this browser's, for "depuis 10 min". */
  skewMs: number;
  readOnly: boolean;
  busy: boolean;
  /** A refused take-over, in French. */
  error: string | null;
  chooseReadOnly: () => Promise<void>;
  takeOver: () => Promise<boolean>;
}

/** A leave is held back this long: the same tab opening the same page again meanwhile (the article editor ⇄ Archimed) cancels it. */
const LEAVE_DELAY_MS = 1500;
const pendingLeaves = new Map<string, ReturnType<typeof setTimeout>>();

function sendLeave(pageId: string, tab: string) {
  // keepalive: the request outlives the page when the tab closes or navigates away.
  void fetch(presenceApi.path(pageId), {
    method: "POST",
    headers: { "Content-Type": "application/json", [EDITING_TAB_HEADER]: tab },
    body: JSON.stringify({ action: "leave", tab }),
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => {});
}

export function usePresence(pageId: string | null, events: { onLost?: () => void; onGained?: () => void } = {}): Presence {
  const [phase, setPhaseState] = useState<PresencePhase>({ kind: "opening" });
  const [view, setView] = useState<PresenceView | null>(null);
  const [skewMs, setSkew] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const phaseRef = useRef(phase);
  const viewRef = useRef(view);
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const setPhase = (p: PresencePhase) => {
    phaseRef.current = p;
    setPhaseState(p);
  };
  const reopening = useRef(false);

  /** One answer (open, beat, take or the live stream) moves the phase on. */
  const lastAt = useRef(0);
  const apply = (v: PresenceView) => {
    // A picture older than the one applied (the live stream's, read just before a take-over) says nothing new.
    const at = Date.parse(v.now);
    if (at < lastAt.current) return;
    lastAt.current = at;
    viewRef.current = v;
    setView(v);
    setSkew(Date.parse(v.now) - Date.now());
    const now = phaseRef.current;
    if (v.you?.holding) {
      if (now.kind !== "holding") setPhase({ kind: "holding" });
      return;
    }
    if (v.you === null && now.kind === "holding") {
      // This tab's row is gone (a late leave of an earlier page of this tab, or a long sleep): open again.
      if (!reopening.current && pageId) {
        reopening.current = true;
        void presenceApi
          .act(pageId, { action: "open", tab: editingTabId() ?? "" })
          .then((r) => {
            if (!r.presence.you?.holding) lose(r.presence.holder);
            apply(r.presence);
          })
          .catch(() => {})
          .finally(() => (reopening.current = false));
      }
      return;
    }
    if (v.you === null && (now.kind === "reading" || now.kind === "lost" || now.kind === "choosing") && !reopening.current && pageId) {
      // Still here, read-only: present again, so the holder sees this tab.
      reopening.current = true;
      void presenceApi
        .act(pageId, { action: "read", tab: editingTabId() ?? "" })
        .catch(() => {})
        .finally(() => (reopening.current = false));
    }
    switch (now.kind) {
      case "opening":
        // The live stream may speak before the opening's answer: only that answer settles the phase.
        if (v.you === null) return;
        setPhase(v.holder ? { kind: "choosing", holder: v.holder } : { kind: "reading", holder: null });
        return;
      case "holding":
        lose(v.holder);
        return;
      case "choosing":
        if (!v.holder) setPhase({ kind: "reading", holder: null });
        return;
      case "reading":
        setPhase({ kind: "reading", holder: v.holder });
        return;
      case "lost":
        setPhase({ kind: "lost", by: v.holder ?? now.by });
        return;
      case "unavailable":
        if (v.you === null) return;
        setPhase(v.holder ? { kind: "choosing", holder: v.holder } : { kind: "reading", holder: null });
        return;
    }
  };
  const lose = (by: PresentMember | null) => {
    if (phaseRef.current.kind === "lost") return;
    eventsRef.current.onLost?.();
    setPhase({ kind: "lost", by });
  };

  useEffect(() => {
    const tab = editingTabId();
    if (!pageId || !tab) return;
    let alive = true;
    const pending = pendingLeaves.get(pageId);
    if (pending) clearTimeout(pending);
    pendingLeaves.delete(pageId);
    setPhase({ kind: "opening" });
    presenceApi
      .act(pageId, { action: "open", tab })
      .then((r) => alive && apply(r.presence))
      .catch(() => alive && setPhase({ kind: "unavailable" }));
    const beat = setInterval(() => {
      // An opening that failed (the server restarting) is tried again instead of the heartbeat.
      void presenceApi
        .act(pageId, { action: phaseRef.current.kind === "unavailable" ? "open" : "beat", tab })
        .then((r) => alive && apply(r.presence))
        .catch(() => {});
    }, HEARTBEAT_MS);
    const live = new EventSource(`${presenceApi.path(pageId)}/live?tab=${encodeURIComponent(tab)}`);
    live.addEventListener("presence", (e) => {
      if (!alive) return;
      try {
        apply(JSON.parse((e as MessageEvent<string>).data) as PresenceView);
      } catch {
        /* a malformed event: the next one or the heartbeat says it again */
      }
    });
    live.addEventListener("revoked", () => live.close());
    const onPageHide = () => sendLeave(pageId, tab);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      alive = false;
      clearInterval(beat);
      live.close();
      window.removeEventListener("pagehide", onPageHide);
      pendingLeaves.set(
        pageId,
        setTimeout(() => {
          pendingLeaves.delete(pageId);
          sendLeave(pageId, tab);
        }, LEAVE_DELAY_MS),
      );
    };
    // apply and lose read refs only; the page is the one dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageId]);

  async function chooseReadOnly() {
    const tab = editingTabId();
    if (!pageId || !tab) return;
    setPhase({ kind: "reading", holder: viewRef.current?.holder ?? null });
    try {
      apply((await presenceApi.act(pageId, { action: "read", tab })).presence);
    } catch {
      /* read-only already: nothing to undo */
    }
  }

  async function takeOver(): Promise<boolean> {
    const tab = editingTabId();
    if (!pageId || !tab) return false;
    setBusy(true);
    setError(null);
    try {
      const r = await presenceApi.act(pageId, { action: "take", tab, from: viewRef.current?.holder?.sessionId ?? null });
      apply(r.presence);
      if (!r.presence.you?.holding) return false;
      eventsRef.current.onGained?.();
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : "Impossible de prendre la main.");
      if (phaseRef.current.kind === "choosing") setPhase({ kind: "reading", holder: viewRef.current?.holder ?? null });
      if (e instanceof ApiClientError && e.code === "presence_taken") {
        void presenceApi
          .act(pageId, { action: "beat", tab })
          .then((r) => apply(r.presence))
          .catch(() => {});
      }
      return false;
    } finally {
      setBusy(false);
    }
  }

  const readOnly = phase.kind === "choosing" || phase.kind === "reading" || phase.kind === "lost";
  return { phase, others: view?.others ?? [], skewMs, readOnly, busy, error, chooseReadOnly, takeOver };
}
