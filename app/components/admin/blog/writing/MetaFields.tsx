import type { ArticleOptionsAnswer } from "~/lib/api/articles";
import type { ArticleLang, ArticleVersionView } from "~/lib/blog/article-schemas";
import { CoverField, type CoverValue } from "../CoverField";

/** One language's metadata as the form holds it. */
export interface LangForm {
  enabled: boolean;
  title: string;
  slug: string;
  /** The slug follows the title until the member edits it. */
  slugTouched: boolean;
  excerpt: string;
  /** The excerpt follows the first paragraph until the member edits it. */
  excerptTouched: boolean;
  description: string;
  cover: CoverValue;
  authorId: string;
  tags: string;
  /**
   * A new article's provisional address ("sans-titre-xxxxxx") while its title is the provisional one: the
   * title field shows empty, the slug follows the first title typed, and an empty title keeps both.
   */
  provisionalSlug: string | null;
}

const input = "mt-1 w-full rounded border border-neutral-300 px-2 py-1.5 font-normal";

/** Slug, excerpt, description, cover, author and tags of one language (the title sits above the text). */
export function MetaFields({
  lang,
  form,
  version,
  prefix,
  errors,
  options,
  pickImage,
  onChange,
}: {
  lang: ArticleLang;
  form: LangForm;
  version: ArticleVersionView | undefined;
  prefix: string;
  errors: Partial<Record<string, string>>;
  options: ArticleOptionsAnswer;
  pickImage?: () => Promise<CoverValue | null>;
  onChange: (patch: Partial<LangForm>) => void;
}) {
  const err = (key: string) =>
    errors[`${lang}.${key}`] ? <span className="mt-1 block text-sm font-normal text-red-700">{errors[`${lang}.${key}`]}</span> : null;
  return (
    <div className="grid gap-3" lang="fr">
      <label className="text-sm font-semibold">
        Slug{" "}
        <span className="font-mono text-xs font-normal break-all text-neutral-600">
          {prefix}
          {form.slug || "…"}
        </span>
        <input
          className={`${input} font-mono`}
          value={form.slug}
          onChange={(e) => onChange({ slug: e.target.value, slugTouched: true })}
          name={`${lang}-slug`}
          aria-invalid={Boolean(errors[`${lang}.slug`])}
        />
        {version && version.slug !== form.slug && version.status !== "draft" ? (
          <span className="mt-1 block text-xs font-normal text-amber-800">L'ancienne adresse redirigera vers la nouvelle (301).</span>
        ) : null}
        {err("slug")}
      </label>
      <label className="text-sm font-semibold">
        Extrait{" "}
        <span className="font-normal text-neutral-600">
          (liste du blog, {form.excerpt.length}/300{form.excerptTouched ? "" : " — repris du premier paragraphe"})
        </span>
        <textarea
          rows={3}
          className={input}
          value={form.excerpt}
          onChange={(e) => onChange({ excerpt: e.target.value, excerptTouched: true })}
          name={`${lang}-excerpt`}
          lang={lang}
        />
        {err("excerpt")}
      </label>
      <label className="text-sm font-semibold">
        Méta-description <span className="font-normal text-neutral-600">(moteurs de recherche, {form.description.length}/160)</span>
        <textarea
          rows={2}
          className={input}
          value={form.description}
          onChange={(e) => onChange({ description: e.target.value })}
          name={`${lang}-description`}
          lang={lang}
        />
        {err("description")}
      </label>
      <CoverField
        value={form.cover}
        onChange={(cover) => onChange({ cover })}
        pickImage={pickImage}
        error={errors[`${lang}.coverUrl`] ?? errors[`${lang}.coverAlt`]}
      />
      <label className="text-sm font-semibold">
        Auteur
        <select className={input} value={form.authorId} onChange={(e) => onChange({ authorId: e.target.value })} name={`${lang}-author`}>
          <option value="">— Aucun —</option>
          {options.authors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.email}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-semibold">
        Étiquettes <span className="font-normal text-neutral-600">(séparées par des virgules)</span>
        <input className={input} value={form.tags} onChange={(e) => onChange({ tags: e.target.value })} name={`${lang}-tags`} list="known-tags" />
        {err("tags")}
      </label>
    </div>
  );
}
