import type { SiteSettings } from "~/lib/content/settings";
import { reopenConsent } from "~/lib/consent/consent";
import { translator } from "~/lib/i18n/messages";
import { SOLUTIONS } from "~/lib/i18n/navigation";
import { ROUTES, type Lang } from "~/lib/i18n/routes";
import { Logo } from "./Logo";

/** Copyright year as the specification states it (seed 000 §2 and §9). */
export const COPYRIGHT_YEAR = 2024;

const heading = "mb-3 text-sm font-bold uppercase tracking-wider text-[var(--text)]";
const link = "text-[var(--text-muted)] hover:text-[var(--text)] hover:underline underline-offset-2";

export function Footer({ lang, settings }: { lang: Lang; settings: SiteSettings }) {
  const t = translator(lang);
  const contact = settings.contact[lang];
  return (
    <footer className="border-t border-[var(--border)] bg-[var(--surface-alt)]" data-testid="site-footer">
      <div className="mx-auto grid max-w-[1280px] gap-10 px-5 py-14 md:grid-cols-2 md:px-8 xl:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <Logo lang={lang} />
          <p className="mt-4 max-w-sm text-sm text-[var(--text-muted)]">{t("footer.tagline")}</p>
          <h2 className={`${heading} mt-6`}>{t("footer.contact")}</h2>
          <address className="not-italic text-sm" data-testid="footer-contact">
            <p>
              <span className="sr-only">{t("footer.phone")} : </span>
              <a className={link} href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} data-testid="footer-phone">{contact.phone}</a>
            </p>
            <p className="mt-1">
              <span className="sr-only">{t("footer.email")} : </span>
              <a className={link} href={`mailto:${settings.email}`}>{settings.email}</a>
            </p>
            <p className="mt-1 text-[var(--text-muted)]" data-testid="footer-address">{contact.address}</p>
          </address>
        </div>
        <div>
          <h2 className={heading}>{t("footer.solutions")}</h2>
          <ul className="space-y-2 text-sm">
            {SOLUTIONS.map((s) => (
              <li key={s.key}>
                <a className={link} href={ROUTES[s.key][lang]}>{t(s.label)}</a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className={heading}>{t("footer.company")}</h2>
          <ul className="space-y-2 text-sm">
            <li><a className={link} href={ROUTES.offers[lang]}>{t("nav.offers")}</a></li>
            <li><a className={link} href={ROUTES.partners[lang]}>{t("nav.partners")}</a></li>
            <li><a className={link} href={ROUTES.contact[lang]} data-testid="footer-contact-link">{t("nav.contact")}</a></li>
          </ul>
          <h2 className={`${heading} mt-6`}>{t("footer.follow")}</h2>
          <ul className="flex gap-2">
            <li>
              <a className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-[var(--border)] hover:bg-[var(--surface)]" href={settings.social.facebook} rel="noopener noreferrer" target="_blank" aria-label="Facebook">
                <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v8h4v-8h3l1-4h-4V9c0-.6.4-1 1-1z" /></svg>
              </a>
            </li>
            <li>
              <a className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-[var(--border)] hover:bg-[var(--surface)]" href={settings.social.instagram} rel="noopener noreferrer" target="_blank" aria-label="Instagram">
                <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><rect x="3" y="3" width="18" height="18" rx="5" /><circle cx="12" cy="12" r="4" /><circle cx="17.5" cy="6.5" r="1" fill="currentColor" /></svg>
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={heading}>{t("footer.legal")}</h2>
          <ul className="space-y-2 text-sm">
            <li><a className={link} href={ROUTES.legal[lang]}>{t("footer.legalNotice")}</a></li>
            <li><a className={link} href={ROUTES.privacy[lang]}>{t("footer.privacy")}</a></li>
            <li>
              <button type="button" className={`${link} text-left`} onClick={reopenConsent} data-testid="cookie-settings">{t("consent.manage")}</button>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-[var(--border)]">
        <p className="mx-auto max-w-[1280px] pb-24 pl-5 pr-20 pt-5 text-sm text-[var(--text-muted)] md:px-8 md:pb-5" data-testid="copyright">
          © {COPYRIGHT_YEAR} {settings.siteName}. {t("footer.rights")}
        </p>
      </div>
    </footer>
  );
}
