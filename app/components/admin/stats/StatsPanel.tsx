import { formatDateTime } from "~/lib/admin/site-zone";
import { useEffect, useRef, useState } from "react";
import { DailyChart } from "./DailyChart";
import { LOADING_TEXT, Section, Unavailable } from "./Section";
import type { AnalyticsData, ConsentsData, VisitorData } from "~/lib/api/analytics";
import { statsApi } from "~/lib/api/client";
import { useApi, useLiveVisitors, type Load } from "./use-api";

const PERIODS = [7, 30, 90] as const;

/**
 * Statistics side panel (seed 000 §2, §7 calls 7 to 9), in French. Each source loads and fails on its
 * own: the analytics (top pages, daily chart), the live visitor count, the viewer's geolocation and the
 * latest consents. Loaded on demand from the admin bar, so the bar itself stays light.
 */
export default function StatsPanel({ onClose }: { onClose: () => void }) {
  const [days, setDays] = useState<number>(30);
  const analytics = useApi(`analytics-${days}`, "statistiques de visite", (o) => statsApi.analytics(days, o));
  const visitor = useApi("visitor", "informations visiteur", statsApi.visitor);
  const consents = useApi("consents", "consentements", (o) => statsApi.consents(20, o));
  const live = useLiveVisitors();
  const closeButton = useRef<HTMLButtonElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  // Focus goes to the panel when it opens and back to the opener when it closes; Escape closes it.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus();
    };
  }, []);

  return (
    <aside
      className="fixed inset-y-0 right-0 z-[60] flex w-full max-w-md flex-col bg-neutral-50 text-ink shadow-2xl"
      aria-labelledby="stats-title"
      data-testid="stats-panel"
      lang="fr"
    >
      <div className="flex items-center justify-between border-b border-neutral-200 bg-white px-5 py-3">
        <h2 id="stats-title" className="text-lg font-bold">
          Statistiques
        </h2>
        <button
          ref={closeButton}
          type="button"
          onClick={onClose}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand-teal"
          aria-label="Fermer les statistiques"
          data-testid="stats-close"
        >
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
      <div className="flex-1 space-y-4 overflow-y-auto p-5">
        <CurrentVisitors live={live} analytics={analytics} />
        <Section id="stats-visitor" title="Vos informations de visiteur" load={visitor}>
          {(v) => <VisitorInfo visitor={v} />}
        </Section>
        <label className="flex items-center justify-between gap-3 text-sm font-medium">
          Période
          <select
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className="rounded-lg border border-neutral-300 bg-white px-3 py-2"
            data-testid="stats-period"
          >
            {PERIODS.map((d) => (
              <option key={d} value={d}>{`${d} derniers jours`}</option>
            ))}
          </select>
        </label>
        <Section id="stats-top" title="Pages les plus vues" load={analytics}>
          {(a) => <TopPages pages={a.ga.topPages} />}
        </Section>
        <Section id="stats-daily" title="Vues par jour" load={analytics}>
          {(a) => <DailyChart points={a.daily} />}
        </Section>
        <Section id="stats-consents" title="Derniers consentements (RGPD)" load={consents}>
          {(c) => <Consents rows={c.consents} />}
        </Section>
      </div>
    </aside>
  );
}

/** The live stream when it answers, else the figure of the last analytics answer. */
function CurrentVisitors({ live, analytics }: { live: ReturnType<typeof useLiveVisitors>; analytics: Load<AnalyticsData> }) {
  const value = live.state === "live" ? live.activeUsers : analytics.state === "ready" ? analytics.data.ga.activeUsers : null;
  const failed = live.state === "error" && analytics.state === "error";
  return (
    <section aria-labelledby="stats-now-title" className="rounded-xl border border-neutral-200 bg-white p-4" data-testid="stats-now">
      <div className="flex items-center justify-between">
        <h3 id="stats-now-title" className="text-sm font-bold uppercase tracking-wide text-neutral-600">
          Visiteurs actuels
        </h3>
        {live.state === "live" ? (
          <span className="inline-flex items-center gap-1.5 text-xs font-medium text-emerald-700" data-testid="stats-live">
            <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" />
            En direct
          </span>
        ) : null}
      </div>
      <div className="mt-2">
        {failed ? (
          <Unavailable id="stats-now" />
        ) : value === null ? (
          <p className="text-sm text-neutral-600">{LOADING_TEXT}</p>
        ) : (
          <p>
            <span className="text-4xl font-extrabold tabular-nums" data-testid="stats-now-value" aria-live="polite">
              {value}
            </span>
            <span className="ml-2 text-sm text-neutral-600">sur les 5 dernières minutes</span>
          </p>
        )}
      </div>
    </section>
  );
}

function VisitorInfo({ visitor }: { visitor: VisitorData }) {
  const rows: [string, string | null | undefined][] = [
    ["Adresse IP", visitor.ip],
    ["Pays", visitor.geo?.country_name],
    ["Ville", visitor.geo?.city],
    ["Fournisseur d'accès (FAI)", visitor.geo?.org],
  ];
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-neutral-600">{k}</dt>
            <dd className="break-words font-medium">{v || "—"}</dd>
          </div>
        ))}
      </dl>
      {visitor.geo ? null : (
        <div className="mt-3">
          <Unavailable id="stats-visitor-geo" text="Géolocalisation indisponible : pays, ville et fournisseur ne sont pas connus." />
        </div>
      )}
    </>
  );
}

function TopPages({ pages }: { pages: AnalyticsData["ga"]["topPages"] }) {
  if (pages.length === 0) return <p className="text-sm text-neutral-600">Aucune page vue sur la période.</p>;
  const max = pages[0]?.views || 1;
  return (
    <ol className="space-y-2 text-sm" data-testid="stats-top-list">
      {pages.map((p) => (
        <li key={p.path} className="relative overflow-hidden rounded-md bg-neutral-100">
          <span className="absolute inset-y-0 left-0 bg-brand-teal/35" style={{ width: `${Math.round((p.views / max) * 100)}%` }} aria-hidden="true" />
          <span className="relative flex items-center justify-between gap-3 px-2.5 py-1.5">
            <span className="truncate font-mono text-xs" title={p.path}>
              {p.path}
            </span>
            <span className="shrink-0 font-semibold tabular-nums">{p.views}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function Consents({ rows }: { rows: ConsentsData["consents"] }) {
  if (rows.length === 0) return <p className="text-sm text-neutral-600">Aucun consentement enregistré.</p>;
  return (
    <table className="w-full text-left text-sm" data-testid="stats-consents-table">
      <thead>
        <tr className="text-xs text-neutral-600">
          <th scope="col" className="pb-1 font-medium">
            Date
          </th>
          <th scope="col" className="pb-1 font-medium">
            État
          </th>
          <th scope="col" className="pb-1 font-medium">
            IP
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.created_at}-${i}`} className="border-t border-neutral-100">
            <td className="py-1.5 pr-2 tabular-nums">{formatDateTime(r.created_at, "short")}</td>
            <td className="py-1.5 pr-2">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${r.accepted ? "bg-emerald-100 text-emerald-800" : "bg-rose-100 text-rose-800"}`}
              >
                {r.accepted ? "Accepté" : "Refusé"}
              </span>
            </td>
            <td className="break-all py-1.5 font-mono text-xs">{r.ip_address}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
