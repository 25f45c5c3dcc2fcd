import { FIXED_ROUTE_KEYS, type Lang } from "~/lib/i18n/routes";
import type { PageMeta, SiteStructure } from "~/lib/structure/structure-schemas";
import type { StructurePage } from "~/lib/structure/view";
import { TextField } from "~/components/kit/fields";
import { SYSTEM_PAGE_NAMES } from "./LinkPicker";
import type { RouteKey } from "~/lib/i18n/routes";

const LANG_NAME: Record<Lang, string> = { fr: "Français", en: "Anglais" };

const BLOG_MOVE_HINT: Record<Lang, string> = {
  fr: " Les articles suivent le blog (leurs anciennes adresses redirigent aussi) ; le flux RSS reste à /blog/rss.xml.",
  en: " Les articles suivent le blog (leurs anciennes adresses redirigent aussi) ; le flux RSS reste à /en/blog/rss.xml.",
};

/** The home page's addresses ("/" and "/en") are the language roots: they never change. */
const fixedAddress = (p: StructurePage) => p.kind === "system" && FIXED_ROUTE_KEYS.includes(p.systemKey as RouteKey);

/**
 * Each page's title, meta description and address per language (the home page's address excepted).
 * Edits wait in the draft; on publication an address change leaves the old address answering 301 to the
 * new one, and the blog's articles move with the blog.
 */
export function PagesEditor({
  pages,
  edits,
  onChange,
}: {
  pages: StructurePage[];
  edits: SiteStructure["pages"];
  onChange: (e: SiteStructure["pages"]) => void;
}) {
  const metaOf = (p: StructurePage, lang: Lang): PageMeta | null => {
    const t = p.translations[lang];
    if (!t) return null;
    return edits[p.id]?.[lang] ?? { title: t.title, description: t.description, ...(fixedAddress(p) ? {} : { path: t.path }) };
  };
  const set = (p: StructurePage, lang: Lang, meta: PageMeta) => onChange({ ...edits, [p.id]: { ...edits[p.id], [lang]: meta } });
  return (
    <ul className="space-y-4" data-testid="structure-pages">
      {pages.map((p) => {
        const name = p.kind === "system" ? (SYSTEM_PAGE_NAMES[p.systemKey as RouteKey] ?? p.systemKey) : (p.translations.fr?.title ?? "Page");
        return (
          <li key={p.id} className="rounded-xl border border-neutral-200 p-3">
            <p className="font-bold">
              {name}{" "}
              <span className="ml-1 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700">
                {p.kind === "system" ? "Page système" : "Page personnalisée"}
              </span>
              {edits[p.id] ? (
                <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Modifiée (brouillon)</span>
              ) : null}
            </p>
            <div className="mt-2 grid gap-4 lg:grid-cols-2">
              {(["fr", "en"] as const).map((lang) => {
                const meta = metaOf(p, lang);
                if (!meta) return null;
                const current = p.translations[lang]!;
                return (
                  <fieldset key={lang} className="space-y-2">
                    <legend className="text-sm font-semibold text-neutral-700">{LANG_NAME[lang]}</legend>
                    <TextField look="page" label="Titre" value={meta.title} maxLength={120} onChange={(title) => set(p, lang, { ...meta, title })} />
                    {!fixedAddress(p) ? (
                      <TextField
                        look="page"
                        label="Adresse"
                        value={meta.path ?? current.path}
                        maxLength={200}
                        testId={`page-path-${p.systemKey ?? p.id}-${lang}`}
                        onChange={(path) => set(p, lang, { ...meta, path })}
                        hint={
                          meta.path && meta.path !== current.path
                            ? `L'ancienne adresse ${current.path} redirigera vers la nouvelle (301).${p.systemKey === "blog" ? BLOG_MOVE_HINT[lang] : ""}`
                            : lang === "en"
                              ? "Commence par /en/."
                              : undefined
                        }
                      />
                    ) : (
                      <p className="text-sm">
                        <span className="font-semibold text-neutral-800">Adresse</span>{" "}
                        <code className="break-all rounded bg-neutral-100 px-1">{current.path}</code>
                        <span className="block text-xs text-neutral-600">L'adresse de l'accueil (« / » et « /en ») ne change pas.</span>
                      </p>
                    )}
                    <TextField
                      look="page"
                      multiline
                      label="Méta-description"
                      value={meta.description}
                      maxLength={300}
                      onChange={(description) => set(p, lang, { ...meta, description })}
                    />
                  </fieldset>
                );
              })}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
