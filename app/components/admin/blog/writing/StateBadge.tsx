import { PublicationBadge } from "~/components/admin/PublicationBadge";
import type { ArticleVersionView } from "~/lib/blog/article-schemas";

/**
 * One language's state in the editor bar: the server's state (lib/content/publication-state.ts), said as
 * every other screen says it, with the language in front (the badge's `data-status` is the state's kind).
 */
export function StateBadge({ version }: { version: ArticleVersionView; timeZone?: string }) {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold" data-lang={version.lang} data-state={version.state.kind}>
      <span className="uppercase">{version.lang}</span>
      <PublicationBadge state={version.state} />
    </span>
  );
}
