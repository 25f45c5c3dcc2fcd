import { chatLink } from "~/lib/content/chat";
import { translator } from "~/lib/i18n/messages";
import type { Lang } from "~/lib/i18n/routes";

/**
 * Floating appointment button: a WhatsApp chat with the language's prefilled message (seed 000 §1, §5).
 * White on #187a41 is 5.4:1 (AA asks 4.5:1). A round button at every width: from 1280 px it sits in the page's
 * gutter, and below it covers far less than a labelled pill would (its name is the aria-label and title).
 */
export function ChatButton({ lang, number }: { lang: Lang; number: string }) {
  const t = translator(lang);
  // An aside landmark, so the floating button is not content outside every landmark (axe "region").
  return (
    <aside aria-label={t("chat.label")}>
      <a
        href={chatLink(number, t("chat.message"))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t("chat.label")}
        data-testid="chat-button"
        title={t("chat.label")}
        className="fixed bottom-5 right-5 z-30 inline-flex h-14 w-14 items-center justify-center rounded-full bg-[#187a41] text-white shadow-xl hover:bg-[#166534]"
      >
        <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .2-3.3-.7-2.8-1.1-4.5-3.9-4.7-4.1-.1-.2-1.1-1.5-1.1-2.9s.7-2 1-2.3c.3-.3.6-.3.8-.3h.6c.2 0 .4 0 .6.5l.9 2.1c.1.2.1.4 0 .5l-.3.5-.4.5c-.1.1-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.4 2.4 1.5.3.1.5.1.7-.1l1-1.2c.2-.3.4-.2.7-.1l2 1c.3.1.5.2.5.3.1.2.1.7-.1 1.3z" />
        </svg>
      </a>
    </aside>
  );
}
