import { useEffect, useState } from "react";
import { insertHeroBlockAction } from "~/lib/builder/actions";
import { useBuilderStore } from "~/lib/builder/store";
import { pagesApi } from "~/lib/api/client";
import { type PageDocument } from "~/lib/document/schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { pageHeroBlock, type PageHero } from "~/lib/builder/page-hero";
import type { Lang } from "~/lib/i18n/routes";

/** What the empty-page offer knows of the page being opened. */
export interface PageHeroSourceInfo {
  pageId: string;
  title: string;
  /** The page's other language version, when there is one. */
  otherLang: Lang | null;
}

const LANG_NAME: Record<Lang, string> = { fr: "française", en: "anglaise" };

/**
 * The seed's other first-open choice (001 §4): a hero taken from the page, the other language's hero or
 * one headed by the page's title (decision 026). The other version is read only when this offer shows; a
 * failure to read it is logged and falls back to the title (seed 001 §8: extraction failures say nothing).
 */
export function PageHeroOffer({ lang, source }: { lang: Lang; source: PageHeroSourceInfo }) {
  const store = useBuilderStore();
  const [other, setOther] = useState<PageDocument | null | "loading">(source.otherLang ? "loading" : null);
  useEffect(() => {
    if (!source.otherLang) return;
    let live = true;
    pagesApi
      .draft(source.pageId, source.otherLang)
      .then(({ draft }) => {
        const parsed = pageDocumentSchema.safeParse(draft.doc);
        if (live) setOther(parsed.success ? parsed.data : null);
      })
      .catch((e: unknown) => {
        console.warn("Bloc d'accueil de l'autre langue illisible", e);
        if (live) setOther(null);
      });
    return () => {
      live = false;
    };
  }, [source.pageId, source.otherLang]);
  if (other === "loading") return null;
  const hero: PageHero | null = pageHeroBlock({ lang, title: source.title, other });
  if (!hero) return null;
  const what =
    hero.source === "other-language" && source.otherLang
      ? `le premier bloc de la version ${LANG_NAME[source.otherLang]}, à traduire`
      : `un bloc d'accueil titré « ${source.title.trim()} »`;
  return (
    <button
      type="button"
      className="mt-4 ml-2 rounded-full border-2 border-ink bg-white px-5 py-2 font-semibold text-ink"
      onClick={(e) => {
        e.stopPropagation();
        // A fresh copy at each use: the ids of an undone insertion are never reused.
        const fresh = pageHeroBlock({ lang, title: source.title, other });
        if (fresh) insertHeroBlockAction(store, fresh.block);
      }}
      data-action="use-page-hero"
      data-hero-source={hero.source}
      title={`Reprendre ${what}`}
    >
      Reprendre de la page <span className="font-normal">({what})</span>
    </button>
  );
}
