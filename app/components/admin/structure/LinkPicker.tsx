import { useId } from "react";
import { ROUTE_KEYS, type RouteKey } from "~/lib/i18n/routes";
import type { StructureLink } from "~/lib/structure/structure-schemas";
import type { StructurePage } from "~/lib/structure/view";
import { inputCls } from "~/components/kit/fields";

/** French names of the system pages (seed 000 §2). */
export const SYSTEM_PAGE_NAMES: Record<RouteKey, string> = {
  home: "Accueil",
  blog: "Blog",
  booking: "Solution Réservation",
  website: "Solution Site web",
  social: "Solution Marketing 360",
  clickCollect: "Solution Click & Collect",
  offers: "Offres",
  partners: "Partenaires",
  recruitment: "Recrutement",
  legal: "Mentions légales",
  privacy: "Politique de confidentialité",
  contact: "Contact",
};

export interface LinkTargets {
  pages: StructurePage[];
  articles: { id: string; title: string }[];
}

const TYPE_NAMES = { system: "Page du site", page: "Page personnalisée", article: "Article", url: "Adresse externe" } as const;

/** What an entry leads to: a system page, a custom page, an article or an address typed in. */
export function LinkPicker({
  value,
  onChange,
  targets,
  allowNone = false,
  testId,
}: {
  value: StructureLink | null;
  onChange: (v: StructureLink | null) => void;
  targets: LinkTargets;
  allowNone?: boolean;
  testId?: string;
}) {
  const typeId = useId();
  const targetId = useId();
  const custom = targets.pages.filter((p) => p.kind === "custom");
  const type = value?.type ?? "none";
  const setType = (t: string) => {
    if (t === "none") onChange(null);
    else if (t === "system") onChange({ type: "system", key: "home" });
    else if (t === "page") onChange(custom[0] ? { type: "page", pageId: custom[0].id } : { type: "page", pageId: "" });
    else if (t === "article") onChange(targets.articles[0] ? { type: "article", pageId: targets.articles[0].id } : { type: "article", pageId: "" });
    else onChange({ type: "url", url: "https://" });
  };
  return (
    <div className="grid gap-2 text-sm sm:grid-cols-[13rem_1fr]">
      <div>
        <label htmlFor={typeId} className="font-semibold text-neutral-800">
          Lien vers
        </label>
        <select id={typeId} value={type} onChange={(e) => setType(e.target.value)} className={inputCls} data-testid={testId ? `${testId}-type` : undefined}>
          {allowNone ? <option value="none">Aucun (sous-menu)</option> : null}
          {(Object.keys(TYPE_NAMES) as (keyof typeof TYPE_NAMES)[]).map((k) => (
            <option key={k} value={k}>
              {TYPE_NAMES[k]}
            </option>
          ))}
        </select>
      </div>
      {value ? (
        <div>
          <label htmlFor={targetId} className="font-semibold text-neutral-800">
            {value.type === "url" ? "Adresse" : "Cible"}
          </label>
          {value.type === "system" ? (
            <select
              id={targetId}
              value={value.key}
              onChange={(e) => onChange({ type: "system", key: e.target.value as RouteKey })}
              className={inputCls}
              data-testid={testId ? `${testId}-target` : undefined}
            >
              {ROUTE_KEYS.map((k) => (
                <option key={k} value={k}>
                  {SYSTEM_PAGE_NAMES[k]}
                </option>
              ))}
            </select>
          ) : value.type === "url" ? (
            <input
              id={targetId}
              type="url"
              value={value.url}
              maxLength={500}
              onChange={(e) => onChange({ type: "url", url: e.target.value })}
              className={inputCls}
              placeholder="https://…"
              data-testid={testId ? `${testId}-target` : undefined}
            />
          ) : (
            <select
              id={targetId}
              value={value.pageId}
              onChange={(e) => onChange({ type: value.type, pageId: e.target.value })}
              className={inputCls}
              data-testid={testId ? `${testId}-target` : undefined}
            >
              {!(value.type === "page" ? custom.some((p) => p.id === value.pageId) : targets.articles.some((a) => a.id === value.pageId)) ? (
                <option value={value.pageId}>{value.pageId ? "Page supprimée — choisissez une autre cible" : "Aucune page disponible"}</option>
              ) : null}
              {value.type === "page"
                ? custom.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.translations.fr?.title ?? p.translations.en?.title} ({p.translations.fr?.path})
                    </option>
                  ))
                : targets.articles.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.title}
                    </option>
                  ))}
            </select>
          )}
        </div>
      ) : null}
    </div>
  );
}
