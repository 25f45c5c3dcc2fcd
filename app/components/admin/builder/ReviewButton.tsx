import { ReviewRequest } from "~/components/admin/reviews/ReviewRequest";
import { saveNow, type PageRef } from "~/lib/builder/persistence";
import { useBuilderStore } from "~/lib/builder/store";

/**
 * A contributor's Publier in the builder (issue 25 §1): the shared review request (the article editor's bar
 * has the same), the builder's draft saved before it goes.
 */
export function ReviewButton({ page }: { page: PageRef }) {
  const store = useBuilderStore();
  return <ReviewRequest pageId={page.pageId} langs={[page.lang]} beforeSend={() => saveNow(page, store)} look="builder" />;
}
