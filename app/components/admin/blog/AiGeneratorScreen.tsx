import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { articlesApi } from "~/lib/api/client";
import { GEN_LANGS, generateSchema, LENGTHS, TONES } from "~/lib/blog/generator-schemas";

/** The three choices shown side by side: the field's name, its label and its options. */
const CHOICES = [
  ["lang", "Langue", GEN_LANGS],
  ["tone", "Ton", TONES],
  ["length", "Longueur", LENGTHS],
] as const;

/** /admin/ai-blog-generator: a topic and a few choices → a draft article, opened in the editor. */
export function AiGeneratorScreen() {
  const navigate = useNavigate();
  const [v, setV] = useState({ topic: "", lang: "fr", tone: "professionnel", length: "moyen", keywords: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = "mt-1 w-full rounded border border-neutral-300 bg-white px-2 py-1.5 font-normal";

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const body = {
      ...v,
      keywords: v.keywords
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    };
    const checked = generateSchema.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? "Formulaire invalide");
    setBusy(true);
    try {
      const r = await articlesApi.generate(checked.data);
      navigate(`/admin/blog/edit/${r.articleId}`, { state: { notice: r.message } });
    } catch (err) {
      setError(err instanceof Error ? err.message : "Génération impossible");
      setBusy(false);
    }
  }

  return (
    <section data-testid="ai-generator" className="max-w-2xl">
      <Link to="/admin/blog-scheduler" className="text-sm underline">
        ← Articles
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold">Générateur d'articles IA</h1>
      <p className="mt-2 text-neutral-700">Le résultat est un brouillon : il s'ouvre dans l'éditeur d'article et n'est jamais publié sans vous.</p>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800" data-testid="generator-error">
          {error}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-6 grid gap-4 rounded-xl border border-neutral-200 bg-white p-5" aria-busy={busy}>
        <label className="text-sm font-semibold">
          Sujet
          <input
            className={input}
            value={v.topic}
            onChange={(e) => setV({ ...v, topic: e.target.value })}
            name="topic"
            required
            minLength={3}
            maxLength={200}
            placeholder="Ex. : fidéliser ses clients avec la réservation en ligne"
          />
        </label>
        <div className="grid gap-4 sm:grid-cols-3">
          {CHOICES.map(([name, label, options]) => (
            <label key={name} className="text-sm font-semibold">
              {label}
              <select className={input} value={v[name]} onChange={(e) => setV({ ...v, [name]: e.target.value })} name={name}>
                {Object.entries(options).map(([k, l]) => (
                  <option key={k} value={k}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <label className="text-sm font-semibold">
          Mots-clés <span className="font-normal text-neutral-600">(séparés par des virgules, 10 au plus ; ils deviennent les étiquettes)</span>
          <input className={input} value={v.keywords} onChange={(e) => setV({ ...v, keywords: e.target.value })} name="keywords" />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="w-fit rounded-full bg-brand-yellow px-6 py-2.5 font-bold text-ink disabled:opacity-60"
          data-action="generate"
        >
          {busy ? "Génération en cours…" : "Générer le brouillon"}
        </button>
      </form>
    </section>
  );
}
