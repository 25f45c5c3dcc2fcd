import { ROUTE_KEYS, type RouteKey } from "~/lib/i18n/routes";
import type { StructureLink } from "~/lib/structure/structure-schemas";
import type { StructurePage } from "~/lib/structure/view";
import { SelectField, TextField } from "~/components/kit/fields";

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
  const custom = targets.pages.filter((p) => p.kind === "custom");
  const type = value?.type ?? "none";
  const setType = (t: string) => {
    if (t === "none") onChange(null);
    else if (t === "system") onChange({ type: "system", key: "home" });
    else if (t === "page") onChange(custom[0] ? { type: "page", pageId: custom[0].id } : { type: "page", pageId: "" });
    else if (t === "article") onChange(targets.articles[0] ? { type: "article", pageId: targets.articles[0].id } : { type: "article", pageId: "" });
    else onChange({ type: "url", url: "https://" });
  };
  const target = testId ? `${testId}-target` : undefined;
  return (
    <div className="grid gap-2 text-sm sm:grid-cols-[13rem_1fr]">
      <SelectField
        look="page"
        label="Lien vers"
        value={type}
        options={[...(allowNone ? [["none", "Aucun (sous-menu)"] as const] : []), ...Object.entries(TYPE_NAMES)]}
        onChange={setType}
        testId={testId ? `${testId}-type` : undefined}
      />
      {value?.type === "system" ? (
        <SelectField
          look="page"
          label="Cible"
          value={value.key}
          options={ROUTE_KEYS.map((k) => [k, SYSTEM_PAGE_NAMES[k]] as const)}
          onChange={(key) => onChange({ type: "system", key: key as RouteKey })}
          testId={target}
        />
      ) : value?.type === "url" ? (
        <TextField
          look="page"
          label="Adresse"
          type="url"
          value={value.url}
          maxLength={500}
          onChange={(url) => onChange({ type: "url", url })}
          placeholder="https://…"
          testId={target}
        />
      ) : value ? (
        <SelectField
          look="page"
          label="Cible"
          value={value.pageId}
          options={
            value.type === "page"
              ? custom.map((p) => [p.id, `${p.translations.fr?.title ?? p.translations.en?.title} (${p.translations.fr?.path})`] as const)
              : targets.articles.map((a) => [a.id, a.title] as const)
          }
          unknownLabel={(id) => (id ? "Page supprimée — choisissez une autre cible" : "Aucune page disponible")}
          onChange={(pageId) => onChange({ type: value.type, pageId })}
          testId={target}
        />
      ) : null}
    </div>
  );
}
