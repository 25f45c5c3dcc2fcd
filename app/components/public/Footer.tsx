import type { SiteSettings } from "~/lib/content/settings";
import { reopenConsent } from "~/lib/consent/consent";
import { translator } from "~/lib/i18n/messages";
import type { Lang } from "~/lib/i18n/routes";
import type { ShellColumn } from "~/lib/structure/shell";
import { Logo } from "./Logo";

/** Copyright year as the specification states it (seed 000 §2 and §9). */
const COPYRIGHT_YEAR = 2024;

const heading = "mb-3 text-sm font-bold uppercase tracking-wider text-[var(--text)]";
const link = "text-[var(--text-muted)] hover:text-[var(--text)] hover:underline underline-offset-2";

/** The contact column and the social links come from the settings; the link columns from the site structure. */
export function Footer({ lang, settings, columns }: { lang: Lang; settings: SiteSettings; columns: ShellColumn[] }) {
  const t = translator(lang);
  const contact = settings.contact[lang];
  const consentButton = (
    <button type="button" className={`${link} text-left`} onClick={reopenConsent} data-testid="cookie-settings">
      {t("consent.manage")}
    </button>
  );
  return (
    <footer className="border-t border-[var(--border)] bg-[var(--surface-alt)]" data-testid="site-footer">
      <div className="mx-auto grid max-w-[1280px] gap-10 px-5 py-14 md:grid-cols-2 md:px-8 xl:grid-flow-col xl:auto-cols-fr xl:grid-cols-[1.4fr]">
        <div>
          <Logo lang={lang} />
          <p className="mt-4 max-w-sm text-sm text-[var(--text-muted)]">{t("footer.tagline")}</p>
          <h2 className={`${heading} mt-6`}>{t("footer.contact")}</h2>
          <address className="not-italic text-sm" data-testid="footer-contact">
            <p>
              {/* The label carries its language's colon ("Phone:", "Téléphone :" with a narrow no-break space). */}
              <span className="sr-only">{t("footer.phone")} </span>
              <a className={link} href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} data-testid="footer-phone">
                {contact.phone}
              </a>
            </p>
            <p className="mt-1">
              <span className="sr-only">{t("footer.email")} </span>
              <a className={link} href={`mailto:${settings.email}`}>
                {settings.email}
              </a>
            </p>
            <p className="mt-1 text-[var(--text-muted)]" data-testid="footer-address">
              {contact.address}
            </p>
          </address>
          <h2 className={`${heading} mt-6`}>{t("footer.follow")}</h2>
          <ul className="flex gap-2">
            <li>
              <a
                className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-[var(--border)] hover:bg-[var(--surface)]"
                href={settings.social.facebook}
                rel="noopener noreferrer"
                target="_blank"
                aria-label="Facebook"
              >
                <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                  <path d="M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v8h4v-8h3l1-4h-4V9c0-.6.4-1 1-1z" />
                </svg>
              </a>
            </li>
            <li>
              <a
                className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-[var(--border)] hover:bg-[var(--surface)]"
                href={settings.social.instagram}
                rel="noopener noreferrer"
                target="_blank"
                aria-label="Instagram"
              >
                <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <rect x="3" y="3" width="18" height="18" rx="5" />
                  <circle cx="12" cy="12" r="4" />
                  <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
                </svg>
              </a>
            </li>
          </ul>
        </div>
        {columns.map((col, i) => (
          <div key={col.id} data-testid="footer-column">
            <h2 className={heading}>{col.title}</h2>
            <ul className="space-y-2 text-sm">
              {col.links.map((l) => (
                <li key={l.id}>
                  <a
                    className={link}
                    href={l.href}
                    {...(l.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                    {...(l.href === (lang === "en" ? "/en/contact" : "/contact") ? { "data-testid": "footer-contact-link" } : {})}
                  >
                    {l.label}
                  </a>
                </li>
              ))}
              {/* The consent settings stay reachable whatever columns the structure holds: in the last one. */}
              {i === columns.length - 1 ? <li>{consentButton}</li> : null}
            </ul>
          </div>
        ))}
        {columns.length === 0 ? <div>{consentButton}</div> : null}
      </div>
      <div className="border-t border-[var(--border)]">
        <p className="mx-auto max-w-[1280px] pb-24 pl-5 pr-20 pt-5 text-sm text-[var(--text-muted)] md:px-8 md:pb-5" data-testid="copyright">
          © {COPYRIGHT_YEAR} {settings.siteName}. {t("footer.rights")}
        </p>
      </div>
    </footer>
  );
}
