import type { Lang } from "~/lib/i18n/routes";
import type { ArticleView } from "~/lib/blog/article-schemas";

export type { ArticleListAnswer, ArticleMoveAnswer, ArticleView } from "~/lib/blog/article-schemas";

/** "Traduire depuis…": the article, and what was done (translated by the AI service, or the structure copied). */
export interface ArticleTranslateAnswer {
  article: ArticleView;
  translated: boolean;
  message: string;
}
export type { GenerateAnswer } from "~/lib/blog/generator-schemas";

/** One article with its language versions (read, created, saved or after a publication action). */
export interface ArticleAnswer {
  article: ArticleView;
}

/** What the article form needs besides the article: the site's time zone, the team (authors), known tags. */
export interface ArticleOptionsAnswer {
  timeZone: string;
  /** The blog's current address per language (an admin may have moved it in the site structure). */
  blogPaths: Record<Lang, string>;
  authors: { id: string; email: string }[];
  tags: string[];
}
