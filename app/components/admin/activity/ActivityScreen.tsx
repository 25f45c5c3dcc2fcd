import { useState } from "react";
import { ListMessages } from "~/components/kit/ListMessages";
import { SelectField, TextField } from "~/components/kit/fields";
import { ACTIVITY_ACTIONS, ACTIVITY_GROUPS, ACTIVITY_OUTCOMES } from "~/lib/activity/actions";
import { useAdminList } from "~/lib/admin/use-admin-list";
import type { ActivityEntry } from "~/lib/api/activity";
import { activityApi } from "~/lib/api/client";
import { formatDateTime } from "~/lib/admin/site-zone";

// In the site's zone, like every other date of the back-office (site-zone.ts).
const when = (iso: string) => formatDateTime(iso, "seconds");

const OUTCOME_CLS: Record<ActivityEntry["outcome"], string> = {
  ok: "bg-emerald-100 text-emerald-900",
  failure: "bg-red-100 text-red-900",
  refused: "bg-amber-100 text-amber-900",
};

interface Filters {
  group: string;
  outcome: string;
  actor: string;
  from: string;
  to: string;
  q: string;
}
const NO_FILTERS: Filters = { group: "", outcome: "", actor: "", from: "", to: "", q: "" };

/**
 * "Journal d'activité" (issue 25 §5, admins): who published, scheduled, deleted, restored, changed a role
 * or signed in, when and from where, newest first, filtered, exported as CSV. It only reads: the log
 * cannot be edited from the application.
 */
export function ActivityScreen() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [pages, setPages] = useState<string[]>([]);
  const set = (k: keyof Filters) => (v: string) => {
    setFilters((f) => ({ ...f, [k]: v }));
    setPages([]);
  };
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v.trim() !== "")).toString();
  const before = pages[pages.length - 1];
  const pageQuery = [query, before ? `before=${encodeURIComponent(before)}` : ""].filter(Boolean).join("&");
  const { data, error } = useAdminList((signal) => activityApi.list(pageQuery, { signal }), [pageQuery], { delayMs: 200 });

  return (
    <section data-testid="activity-log">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold">Journal d'activité</h1>
        <a
          href={`/api/activity.csv${query ? `?${query}` : ""}`}
          className="ml-auto rounded-full border border-neutral-300 bg-white px-5 py-2.5 font-semibold"
          data-action="export-activity-csv"
          download
        >
          Exporter en CSV
        </a>
      </div>
      <p className="mt-2 max-w-prose text-sm text-neutral-700">
        Chaque publication, programmation, suppression, restauration, changement de rôle, connexion et sauvegarde, avec son auteur, sa date et l'adresse d'où
        elle est venue. Le journal ne se modifie pas.
      </p>
      <div className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-6" data-testid="activity-filters">
        <SelectField label="Actions" value={filters.group} onChange={set("group")} options={[["", "Toutes"], ...Object.entries(ACTIVITY_GROUPS)]} />
        <SelectField label="Résultat" value={filters.outcome} onChange={set("outcome")} options={[["", "Tous"], ...Object.entries(ACTIVITY_OUTCOMES)]} />
        <TextField look="page" label="Membre (e-mail)" value={filters.actor} onChange={set("actor")} type="email" maxLength={254} testId="activity-actor" />
        <TextField look="page" label="Du" value={filters.from} onChange={set("from")} type="date" testId="activity-from" />
        <TextField look="page" label="Au" value={filters.to} onChange={set("to")} type="date" testId="activity-to" />
        <TextField look="page" label="Rechercher" value={filters.q} onChange={set("q")} type="search" maxLength={100} testId="activity-search" />
      </div>
      <ListMessages error={error} notice={null} />
      {data === null ? (
        <p className="mt-6">Chargement…</p>
      ) : data.entries.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-700" data-testid="activity-empty">
          {query ? "Aucune ligne ne correspond à ces filtres." : "Le journal est vide pour l'instant."}
        </p>
      ) : (
        <ol className="mt-6 grid gap-2" aria-label="Lignes du journal">
          {data.entries.map((e) => (
            <li
              key={e.id}
              className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-neutral-200 bg-white px-4 py-3 text-sm"
              data-testid="activity-entry"
              data-action={e.action}
              data-outcome={e.outcome}
            >
              <time dateTime={e.at} className="text-neutral-700 tabular-nums">
                {when(e.at)}
              </time>
              <span className="font-bold">{ACTIVITY_ACTIONS[e.action]?.label ?? e.action}</span>
              {e.targetLabel ? <span className="min-w-0 break-words">« {e.targetLabel} »</span> : null}
              {e.lang ? <span className="text-neutral-700">{e.lang.toUpperCase()}</span> : null}
              {e.outcome !== "ok" ? (
                <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${OUTCOME_CLS[e.outcome]}`}>{ACTIVITY_OUTCOMES[e.outcome]}</span>
              ) : null}
              <span className="ml-auto min-w-0 break-all text-neutral-700">
                {e.actorEmail ?? "Système"}
                {e.ip ? ` · ${e.ip}` : ""}
              </span>
              {e.detail ? <p className="w-full break-words text-neutral-700">{e.detail}</p> : null}
            </li>
          ))}
        </ol>
      )}
      <nav className="mt-4 flex gap-3" aria-label="Pages du journal">
        {pages.length > 0 ? (
          <button type="button" className="rounded-full border border-neutral-300 px-4 py-2 font-semibold" onClick={() => setPages((p) => p.slice(0, -1))}>
            Plus récentes
          </button>
        ) : null}
        {data?.next ? (
          <button
            type="button"
            className="rounded-full border border-neutral-300 px-4 py-2 font-semibold"
            data-action="activity-older"
            onClick={() => setPages((p) => [...p, data.next as string])}
          >
            Plus anciennes
          </button>
        ) : null}
      </nav>
    </section>
  );
}
