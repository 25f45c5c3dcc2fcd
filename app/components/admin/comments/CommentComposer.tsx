import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { CommentMember } from "~/lib/api/comments";
import { COMMENT_MAX } from "~/lib/comments/comment-schemas";
import { messageOf } from "./comments-store";

/** "@" and the letters typed after it, just before the caret: what the member list is filtered by. */
const MENTION_QUERY = /(?:^|\s)@([\p{L}\p{N}._-]*)$/u;

/** The members whose "@Name" is still in the text: a mention deleted from the text is no longer sent. */
export function mentionedIds(text: string, picked: ReadonlyMap<string, string>): string[] {
  return [...picked].filter(([, name]) => text.includes(`@${name}`)).map(([id]) => id);
}

/**
 * A comment's text field with "@" mentions chosen from the team (never typed free: the server refuses an
 * unknown member). Plain text; Ctrl/Cmd+Entrée sends. A refusal stays under the field with the text kept.
 */
export function CommentComposer({
  members,
  label,
  submitLabel,
  initial = "",
  initialMentions = [],
  onSubmit,
  onCancel,
  testId,
  autoFocus = false,
}: {
  members: CommentMember[];
  label: string;
  submitLabel: string;
  initial?: string;
  initialMentions?: CommentMember[];
  onSubmit: (body: string, mentions: string[]) => Promise<void>;
  onCancel?: () => void;
  testId?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const listId = `${id}-members`;
  const [text, setText] = useState(initial);
  const [picked, setPicked] = useState<Map<string, string>>(() => new Map(initialMentions.map((m) => [m.id, m.name])));
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);

  const q = query?.toLocaleLowerCase("fr-FR") ?? "";
  const options = query === null ? [] : members.filter((m) => m.name.toLocaleLowerCase("fr-FR").startsWith(q) || m.email.startsWith(q)).slice(0, 8);
  const open = options.length > 0;

  const readQuery = (value: string, caret: number) => {
    const match = MENTION_QUERY.exec(value.slice(0, caret));
    setQuery(match ? match[1] : null);
    setActive(0);
  };

  const choose = (m: CommentMember) => {
    const el = area.current;
    const caret = el?.selectionStart ?? text.length;
    const before = text.slice(0, caret).replace(/@([\p{L}\p{N}._-]*)$/u, `@${m.name} `);
    const next = before + text.slice(caret);
    setText(next);
    setPicked((p) => new Map(p).set(m.id, m.name));
    setQuery(null);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(before.length, before.length);
    });
  };

  const submit = async () => {
    const body = text.trim();
    if (!body || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(body, mentionedIds(body, picked));
      setText("");
      setPicked(new Map());
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
      e.preventDefault();
      setActive((a) => (a + (e.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
    } else if (open && (e.key === "Enter" || e.key === "Tab")) {
      e.preventDefault();
      choose(options[Math.min(active, options.length - 1)]);
    } else if (open && e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      setQuery(null);
    } else if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    // Not a <form>: the article editor's panel sits inside the article's form, and a nested form's submit
    // bubbles up to it (React's events follow the component tree) and saves the whole article instead.
    <div className="relative space-y-2 text-sm" data-testid={testId}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <textarea
          id={id}
          ref={area}
          value={text}
          rows={3}
          maxLength={COMMENT_MAX}
          autoFocus={autoFocus}
          placeholder={`${label} (@ pour mentionner)`}
          className="w-full rounded border border-neutral-300 bg-white px-2 py-1.5 text-ink"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${Math.min(active, options.length - 1)}` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            readQuery(e.target.value, e.target.selectionStart);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setQuery(null), 150)}
          data-comment-input=""
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Membres de l'équipe"
          className={
            open ? "absolute left-0 right-0 top-full z-30 mt-1 max-h-48 overflow-y-auto rounded border border-neutral-300 bg-white shadow-lg" : "hidden"
          }
        >
          {options.map((m, i) => (
            <li
              key={m.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer px-3 py-1.5 ${i === active ? "bg-neutral-100" : ""}`}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(m);
              }}
              data-mention-option={m.email}
            >
              <span className="font-semibold">@{m.name}</span> <span className="text-neutral-600">{m.email}</span>
            </li>
          ))}
        </ul>
      </div>
      {error ? (
        <p role="alert" className="rounded bg-red-50 px-2 py-1.5 text-red-800" data-testid="comment-error">
          {error}
        </p>
      ) : null}
      <div className="flex items-center justify-end gap-2">
        {onCancel ? (
          <button type="button" className="rounded px-2 py-1 hover:bg-neutral-100" onClick={onCancel}>
            Annuler
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => void submit()}
          disabled={busy || !text.trim()}
          className="rounded bg-ink px-3 py-1 font-semibold text-white disabled:opacity-50"
          data-action="send-comment"
        >
          {busy ? "Envoi…" : submitLabel}
        </button>
      </div>
    </div>
  );
}
