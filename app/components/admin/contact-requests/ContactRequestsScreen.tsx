import { formatDateTime } from "~/lib/admin/site-zone";
import { useState } from "react";
import { ListMessages } from "~/components/kit/ListMessages";
import { useAdminList } from "~/lib/admin/use-admin-list";
import { contactApi } from "~/lib/api/client";
import type { ContactRequestView } from "~/lib/api/contact";
import { CONTACT_STATUS_LABELS } from "~/lib/contact/admin-schemas";
import { OFFER_LABELS } from "~/lib/contact/words";

type ContactRequest = ContactRequestView;

const fmt = (iso: string) => formatDateTime(iso, "short");

/** "Demandes": requests sent with the public contact form, newest first, with search, status and CSV export. */
export function ContactRequestsScreen() {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<"" | "new" | "done">("");
  const query = new URLSearchParams({ ...(q.trim() ? { q: q.trim() } : {}), ...(status ? { status } : {}) }).toString();
  // Typing in the search box asks once the typing pauses.
  const {
    data: rows,
    setData: setRows,
    error,
    notice,
    run,
  } = useAdminList(async (signal) => (await contactApi.list(query, { signal })).requests, [query], { delayMs: 200 });

  function toggle(r: ContactRequest) {
    const next = r.status === "new" ? "done" : "new";
    return run(
      async () => {
        const { request } = await contactApi.setStatus(r.id, next);
        setRows((list) => list?.map((x) => (x.id === r.id ? request : x)) ?? null);
        return `Demande de ${r.name} marquée « ${CONTACT_STATUS_LABELS[next].toLowerCase()} ».`;
      },
      { reload: false },
    );
  }

  return (
    <section data-testid="contact-requests">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold">Demandes</h1>
        <a
          href={`/api/contact-requests?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(query)), format: "csv" })}`}
          className="ml-auto rounded-full border border-neutral-300 bg-white px-5 py-2.5 font-semibold"
          data-action="export-csv"
          download
        >
          Exporter en CSV
        </a>
      </div>
      <div className="mt-5 flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-1 flex-col text-sm font-semibold sm:max-w-sm">
          Rechercher
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            maxLength={200}
            placeholder="Nom, e-mail, commerce, message"
            className="mt-1 rounded-lg border border-neutral-300 px-3 py-2 font-normal"
            data-testid="contact-search"
          />
        </label>
        <label className="flex flex-col text-sm font-semibold">
          Statut
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
            className="mt-1 rounded-lg border border-neutral-300 px-3 py-2 font-normal"
            data-testid="contact-status-filter"
          >
            <option value="">Tous</option>
            <option value="new">Nouveau</option>
            <option value="done">Traité</option>
          </select>
        </label>
      </div>
      <ListMessages error={error} notice={notice} />
      {rows === null ? (
        <p className="mt-6">Chargement…</p>
      ) : rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-700" data-testid="contact-empty">
          {query ? "Aucune demande ne correspond à cette recherche." : "Aucune demande pour l'instant : elles arrivent ici depuis la page Contact du site."}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {rows.map((r) => (
            <li key={r.id} className="min-w-0 rounded-xl border border-neutral-200 bg-white p-4 md:p-5" data-testid="contact-request" data-status={r.status}>
              <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
                <div className="min-w-0 flex-1">
                  <p className="font-bold break-words">
                    {r.name} <span className="font-normal text-neutral-700">· {r.business}</span>
                  </p>
                  <p className="text-sm break-all text-neutral-700">
                    <a href={`mailto:${r.email}`} className="underline">
                      {r.email}
                    </a>
                    {r.phone ? (
                      <>
                        {" "}
                        ·{" "}
                        <a href={`tel:${r.phone.replace(/[^\d+]/g, "")}`} className="underline">
                          {r.phone}
                        </a>
                      </>
                    ) : null}
                  </p>
                </div>
                <span
                  className={`rounded-full px-3 py-1 text-xs font-bold ${r.status === "new" ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900"}`}
                >
                  {CONTACT_STATUS_LABELS[r.status]}
                </span>
              </div>
              <p className="mt-1 text-xs text-neutral-700">
                {fmt(r.createdAt)} · {r.lang === "fr" ? "Français" : "English"}
                {r.offer ? ` · Offre ${OFFER_LABELS[r.offer] ?? r.offer}` : ""}
                {r.emailed ? " · e-mail envoyé à l'équipe" : ""}
                {r.status === "done" && r.handledBy ? ` · traitée par ${r.handledBy}` : ""}
              </p>
              <p className="mt-3 whitespace-pre-wrap break-words text-sm">{r.message}</p>
              <button
                type="button"
                onClick={() => toggle(r)}
                className="mt-3 rounded-full border border-neutral-300 px-4 py-1.5 text-sm font-semibold hover:bg-neutral-50"
                data-action="toggle-status"
              >
                {r.status === "new" ? "Marquer comme traitée" : "Remettre en nouveau"}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
