import "~/lib/i18n/all-messages";
import * as ArticleHeader from "~/components/public/ArticleHeader";
import * as ArticleList from "~/components/public/ArticleList";
import { articleHeader, articleList } from "~/components/public/PublicApp";
import { galleryRenderer, videoRenderer } from "~/lib/elements/renderers/index";
import * as Gallery from "~/lib/elements/renderers/Gallery";
import * as Video from "~/lib/elements/renderers/Video";

/**
 * The server renders every page at once (and the HTML export renders synchronously): it gets the code the
 * island defers (lib/deferred.ts) up front, so its render never suspends. Imported for its effect by the
 * public page's server module and the export.
 */
galleryRenderer.provide(Gallery);
videoRenderer.provide(Video);
articleList.provide(ArticleList);
articleHeader.provide(ArticleHeader);
