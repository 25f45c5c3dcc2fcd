import type { PreviewEditable } from "~/lib/builder/preview-messages";

/** The node holding each editable element's text in the renderers (RichText.tsx, Simple.tsx). */
export const PREVIEW_TEXT_NODE: Record<PreviewEditable, string> = {
  heading: ".el-heading",
  text: ".el-text",
  list: ".el-list",
  button: ".el-button",
};

/**
 * Inline editing inside the live preview (seed 001 §3, archimed-element-update): the element's text node
 * becomes editable; Enter (a heading, a button label) or Ctrl/Cmd+Enter (a text, a list) and leaving it
 * commit, Escape cancels. `done` gets the edited markup (a button: its text), or null when cancelled; the
 * caller then gives the node back to React (it was changed outside it). Nothing here is trusted: the
 * builder cleans what it receives.
 */
export function editInPlace(node: HTMLElement, type: PreviewEditable, done: (content: string | null) => void): void {
  const plain = type === "button";
  const read = () => (plain ? (node.textContent ?? "") : node.innerHTML);
  const original = read();
  let finished = false;
  const finish = (content: string | null) => {
    if (finished) return;
    finished = true;
    node.removeEventListener("keydown", onKey);
    node.removeEventListener("blur", onBlur);
    node.removeAttribute("contenteditable");
    node.removeAttribute("data-preview-editing");
    done(content === null || content === original ? null : content);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      finish(null);
    } else if (e.key === "Enter" && (e.ctrlKey || e.metaKey || ((type === "heading" || plain) && !e.shiftKey))) {
      e.preventDefault();
      finish(read());
    }
  };
  const onBlur = () => finish(read());
  node.setAttribute("contenteditable", plain ? "plaintext-only" : "true");
  node.setAttribute("data-preview-editing", "true");
  node.setAttribute("aria-label", "Édition du texte dans l'aperçu");
  // The builder's look for a text being edited (the teal of a selection); the node is redrawn afterwards.
  Object.assign(node.style, { outline: "2px solid #78c6bb", outlineOffset: "4px", borderRadius: "2px" });
  node.addEventListener("keydown", onKey);
  node.addEventListener("blur", onBlur);
  node.focus();
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}
