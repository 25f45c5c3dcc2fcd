import { z } from "zod";
import type { ArticleTranslateAnswer } from "~/lib/api/articles";
import { aiChat, aiConfigured } from "~/lib/ai/generate-block.server";
import { translationRow, versionName, writeAtVersion } from "~/lib/content/translations.server";
import type { PageDocument } from "~/lib/document/schema";
import { mapElements } from "~/lib/document/walk";
import { ApiError, refusalError } from "~/lib/http/api.server";
import type { Lang } from "~/lib/i18n/routes";
import { documentJob } from "~/lib/pipeline/document-pool.server";
import { runtime } from "~/lib/runtime.server";
import { frenchTypography } from "~/lib/typography/french";
import { getArticle } from "./article-queries.server";
import { articleSubject, goneError, invalidateArticle, lockedVersion } from "./article-rows.server";
import { articleMetaSchema } from "./article-schemas";

/**
 * "Traduire depuis le français" (issue 20 §6): the other language's title and body fill this language's
 * draft, marked "à relire". With an AI service configured its texts are translated (HTML kept, then
 * sanitized as any saved draft is); without one the structure and the texts are copied as they are and
 * the answer says so. Nothing is published; the target's version lock applies.
 */
const db = () => runtime().db.kysely;

/** Elements whose `content` is words to translate (the others hold addresses, icons or nothing). */
const TEXT_TYPES = new Set(["heading", "text", "list", "button"]);
const LANGUAGE: Record<Lang, string> = { fr: "French", en: "English" };
const answerSchema = z.object({ texts: z.array(z.string()) });

function textsOf(doc: PageDocument): string[] {
  const texts: string[] = [];
  mapElements(doc, (e) => {
    if (TEXT_TYPES.has(e.type) && e.content) texts.push(e.content);
    return e;
  });
  return texts;
}

function withTexts(doc: PageDocument, texts: string[]): PageDocument {
  let i = 0;
  return mapElements(doc, (e) => (TEXT_TYPES.has(e.type) && e.content ? { ...e, content: texts[i++] ?? e.content } : e));
}

async function translate(texts: string[], from: Lang, to: Lang): Promise<string[]> {
  const system = `Translate each string of the JSON array "texts" from ${LANGUAGE[from]} to ${LANGUAGE[to]}. Keep every HTML tag and attribute exactly as it is; translate only the words. Answer only with {"texts": [...]}, the same number of strings, in the same order.`;
  const content = await aiChat(system, JSON.stringify({ texts }), 0.2);
  let parsed: z.infer<typeof answerSchema> | null = null;
  try {
    const r = answerSchema.safeParse(JSON.parse((content ?? "").trim().replace(/^```(?:json)?\s*|\s*```$/g, "")));
    parsed = r.success ? r.data : null;
  } catch {
    parsed = null;
  }
  if (!parsed || parsed.texts.length !== texts.length) {
    throw new ApiError(502, "ai_invalid_answer", "Le service d'IA n'a pas renvoyé une traduction utilisable (autant de textes que l'original). Réessayez.");
  }
  return parsed.texts;
}

export async function translateArticleLanguage(id: string, lang: Lang, version: number, by: string): Promise<ArticleTranslateAnswer> {
  const from: Lang = lang === "fr" ? "en" : "fr";
  const source = await translationRow(db(), id, from);
  if (!source || source.kind !== "article") throw goneError();
  const doc = JSON.parse(source.draft) as PageDocument;
  const texts = [source.title, ...textsOf(doc)];
  const translated = aiConfigured() ? await translate(texts, from, lang) : texts;
  // The model's title is plain text like any typed title; refused, the source's stands in.
  const title = articleMetaSchema.shape.title.safeParse(translated[0]);
  const checked = await documentJob({ kind: "save", text: JSON.stringify({ doc: withTexts(doc, translated.slice(1)), version }) });
  if (!checked.ok) throw refusalError(checked.refusal);
  const now = new Date().toISOString();
  const path = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await lockedVersion(trx, id, lang, version);
      // In step with the source as of its last change (the source is not "à revoir" because of this), to be read again.
      await writeAtVersion(
        trx,
        row,
        {
          draft: checked.draft,
          title: title.success ? title.data : source.title,
          updated_at: now,
          updated_by: by,
          content_changed_at:
            (await trx.selectFrom("page_translations").select("content_changed_at").where("page_id", "=", id).where("lang", "=", from).executeTakeFirst())
              ?.content_changed_at ?? null,
          synced_at: now,
          needs_review: 1,
        },
        articleSubject(lang),
      );
      return row.path;
    });
  await invalidateArticle(id, [path]);
  const message = aiConfigured()
    ? `La ${versionName(lang)} est traduite depuis la ${versionName(from)} par le service d'IA : brouillon à relire avant publication.`
    : `Aucun service d'IA n'est configuré : la structure et les textes de la ${versionName(from)} ont été copiés dans la ${versionName(lang)}, à traduire (brouillon à relire).`;
  return { article: await getArticle(id), translated: aiConfigured(), message: frenchTypography(message) };
}
