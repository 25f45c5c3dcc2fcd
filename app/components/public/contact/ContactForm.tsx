import { useRef, useState, type FormEvent } from "react";
import { CONTACT_LIMITS, CONTACT_OFFERS, HONEYPOT_FIELD, STARTED_FIELD } from "~/lib/contact/limits";
import { OFFER_NAMES } from "~/lib/contact/offers";
import type { Lang } from "~/lib/i18n/routes";
import type { ContactState } from "./state";

type Fields = Partial<Record<string, string>>;

const input =
  "mt-1.5 block w-full min-w-0 rounded-lg border border-[var(--border-strong,var(--border))] bg-[var(--surface)] px-3.5 py-2.5 text-base text-[var(--text)] outline-none focus:border-[var(--text)] focus:ring-2 focus:ring-brand-yellow aria-[invalid=true]:border-red-600";
const label = "block text-sm font-semibold";
const errorCls = "mt-1 text-sm font-medium text-red-700 dark:text-red-300";

/**
 * The contact form. Without JavaScript it is a plain form posted to the page itself (the server answers
 * with the errors or a redirect). With JavaScript it is checked with the shared schema, loaded on sending
 * only (it stays out of every page's initial script), and sent as JSON: no reload, focus on the outcome.
 */
export function ContactForm({ lang, action, state }: { lang: Lang; action: string; state: ContactState }) {
  const w = state.words;
  const [sent, setSent] = useState(state.sent);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState(state.error?.message ?? "");
  const [fields, setFields] = useState<Fields>(state.error?.fields ?? {});
  const outcome = useRef<HTMLDivElement>(null);
  const v = state.values;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const raw: Record<string, unknown> = Object.fromEntries(new FormData(form));
    raw.consent = raw.consent === "on";
    setBusy(true);
    const [{ validateContact }, { contactMessage }] = await Promise.all([import("~/lib/contact/schema"), import("~/lib/contact/messages")]);
    const show = (message: string, next: Fields) => {
      setSummary(message);
      setFields(next);
      setBusy(false);
      requestAnimationFrame(() => outcome.current?.focus());
    };
    const checked = validateContact(raw);
    if (!checked.ok) {
      const next: Fields = {};
      for (const [k, code] of Object.entries(checked.errors)) next[k] = contactMessage(lang, code ?? "");
      return show(contactMessage(lang, "errors.summary"), next);
    }
    try {
      const res = await fetch("/api/contact", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(raw) });
      if (res.ok) {
        form.reset();
        setFields({});
        setSummary("");
        setBusy(false);
        setSent(true);
        requestAnimationFrame(() => outcome.current?.focus());
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: { message?: string; fields?: Fields } } | null;
      show(body?.error?.message ?? contactMessage(lang, "error.server"), body?.error?.fields ?? {});
    } catch {
      show(contactMessage(lang, "error.network"), {});
    }
  }

  if (sent) {
    return (
      <div
        ref={outcome}
        tabIndex={-1}
        role="status"
        className="rounded-2xl border border-[var(--border)] bg-[var(--surface-alt)] p-6 outline-none md:p-8"
        data-testid="contact-sent"
      >
        <h2 className="text-2xl font-extrabold">{w["sent.title"]}</h2>
        <p className="mt-2 text-[var(--text-muted)]">{w["sent.text"]}</p>
        <a
          href={action}
          className="mt-5 inline-block font-semibold underline underline-offset-4"
          onClick={(e) => {
            e.preventDefault();
            setSent(false);
          }}
        >
          {w["sent.again"]}
        </a>
      </div>
    );
  }

  const err = (name: string) =>
    fields[name] ? (
      <p id={`contact-${name}-error`} className={errorCls}>
        {fields[name]}
      </p>
    ) : null;
  const aria = (name: string) => ({
    "aria-invalid": fields[name] ? true : undefined,
    "aria-describedby": fields[name] ? `contact-${name}-error` : undefined,
  });
  const req = <span className="text-[var(--text-muted)] font-normal"> ({w["form.required"]})</span>;
  const offer = v.offer ?? state.offer ?? "";
  /** A one-line field: its label (with "required" when it is), the input within the server's limit, its error. */
  const line = (
    name: "name" | "business" | "email" | "phone",
    { type, autoComplete, required }: { type?: string; autoComplete: string; required?: boolean },
  ) => (
    <div>
      <label className={label} htmlFor={`contact-${name}`}>
        {w[`form.${name}`]}
        {required ? req : null}
      </label>
      <input
        id={`contact-${name}`}
        name={name}
        type={type}
        className={input}
        autoComplete={autoComplete}
        maxLength={CONTACT_LIMITS[name]}
        required={required}
        defaultValue={v[name]}
        {...aria(name)}
      />
      {err(name)}
    </div>
  );

  return (
    <form method="post" action={action} noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2" data-testid="contact-form">
      <div ref={outcome} tabIndex={-1} className="outline-none sm:col-span-2" role={summary ? "alert" : undefined}>
        {summary ? (
          <p
            className="rounded-lg border border-red-600 bg-red-50 px-4 py-3 font-semibold text-red-800 dark:bg-red-950 dark:text-red-200"
            data-testid="contact-error"
          >
            {summary}
          </p>
        ) : null}
      </div>
      <input type="hidden" name="lang" value={lang} />
      <input type="hidden" name={STARTED_FIELD} value={String(state.startedAt)} />
      {/* The honeypot: out of sight and out of the tab order; a person leaves it empty, a bot fills it. */}
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label>
          {w["form.honeypot"]}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {line("name", { autoComplete: "name", required: true })}
      {line("business", { autoComplete: "organization", required: true })}
      {line("email", { type: "email", autoComplete: "email", required: true })}
      {line("phone", { type: "tel", autoComplete: "tel" })}
      <div className="sm:col-span-2">
        <label className={label} htmlFor="contact-offer">
          {w["form.offer"]}
        </label>
        <select id="contact-offer" name="offer" className={input} defaultValue={offer} {...aria("offer")}>
          <option value="">{w["form.offer.none"]}</option>
          {CONTACT_OFFERS.map((o) => (
            <option key={o} value={o}>
              {OFFER_NAMES[lang][o]}
            </option>
          ))}
        </select>
        {err("offer")}
      </div>
      <div className="sm:col-span-2">
        <label className={label} htmlFor="contact-message">
          {w["form.message"]}
          {req}
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          className={input}
          maxLength={CONTACT_LIMITS.message}
          required
          defaultValue={v.message}
          {...aria("message")}
        />
        {err("message")}
      </div>
      <div className="sm:col-span-2">
        <div className="flex items-start gap-3">
          <input
            id="contact-consent"
            name="consent"
            type="checkbox"
            className="mt-1 h-5 w-5 shrink-0 accent-[#14171c] dark:accent-brand-yellow"
            required
            defaultChecked={v.consent === "on"}
            {...aria("consent")}
          />
          <label htmlFor="contact-consent" className="text-sm">
            {w["form.consent"]}
            {req}
          </label>
        </div>
        {err("consent")}
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-12 items-center rounded-full bg-brand-yellow px-7 py-3 font-bold text-ink hover:brightness-95 disabled:opacity-70"
          data-testid="contact-submit"
        >
          {busy ? w["form.sending"] : w["form.send"]}
        </button>
      </div>
    </form>
  );
}
