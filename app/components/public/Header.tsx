import { useEffect, useRef, useState } from "react";
import { translator } from "~/lib/i18n/messages";
import { ROUTES, type Lang } from "~/lib/i18n/routes";
import { isActiveHref, type ShellEntry, type ShellLink } from "~/lib/structure/shell";
import { LanguageSwitch } from "./LanguageSwitch";
import { Logo } from "./Logo";
import { ThemeToggle } from "./ThemeToggle";

const linkBase = "rounded-md px-3 py-2 text-[0.95rem] font-semibold transition-colors hover:bg-[var(--surface-alt)]";
const activeCls = "text-[var(--text)] underline decoration-brand-yellow decoration-[3px] underline-offset-[10px]";

/** Another site's link opens in a new tab without handing it this page. */
const externalProps = (l: { external: boolean }) => (l.external ? { target: "_blank", rel: "noopener noreferrer" } : {});

export function Header({
  lang,
  menu,
  pathname,
  alternate,
  contactHref,
  belowTopBar = false,
}: {
  lang: Lang;
  menu: ShellEntry[];
  pathname: string;
  alternate: string;
  /** The contact page's current address (site structure). */
  contactHref: string;
  belowTopBar?: boolean;
}) {
  const t = translator(lang);
  const [open, setOpen] = useState(false);

  // Navigation closes the panel (seed 000 §2).
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current !== pathname) {
      lastPath.current = pathname;
      setOpen(false);
    }
  }, [pathname]);

  return (
    <header
      className={`${belowTopBar ? "fixed inset-x-0 top-12" : "sticky top-0"} z-40 border-b border-[var(--border)] bg-[var(--surface)]/95 backdrop-blur supports-[backdrop-filter]:bg-[var(--surface)]/85`}
    >
      <div className="mx-auto flex h-[72px] max-w-[1280px] items-center justify-between gap-2 px-4 sm:gap-4 sm:px-5 md:px-8">
        <a href={ROUTES.home[lang]} aria-label={t("logo.alt")} className="shrink-0 rounded-md">
          <Logo lang={lang} announcesSwitch />
        </a>
        <nav aria-label={t("nav.menu")} className="hidden xl:block" data-testid="desktop-menu">
          <ul className="flex items-center gap-1">
            {menu.map((item) =>
              item.children.length ? (
                <li key={item.id}>
                  <SubmenuDropdown group={item} pathname={pathname} />
                </li>
              ) : item.href ? (
                <li key={item.id}>
                  <a
                    href={item.href}
                    {...externalProps(item)}
                    className={`${linkBase} ${isActiveHref(item, pathname) ? activeCls : ""}`}
                    aria-current={isActiveHref(item, pathname) ? "page" : undefined}
                  >
                    {item.label}
                  </a>
                </li>
              ) : null,
            )}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-0 sm:gap-1">
          <a
            href={contactHref}
            className="mr-1 hidden rounded-full bg-brand-yellow px-4 py-2.5 text-[0.95rem] font-bold text-ink hover:brightness-95 xl:inline-block"
            data-testid="header-contact"
          >
            {t("nav.contact")}
          </a>
          <LanguageSwitch lang={lang} href={alternate} />
          {/* Below 360 px the bar has no room for three buttons: the theme switch is in the menu panel. */}
          <ThemeToggle lang={lang} className="max-[359px]:hidden" />
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-[var(--surface-alt)] xl:hidden"
            aria-label={t("nav.open")}
            aria-expanded={open}
            aria-controls="menu-panel"
            data-testid="menu-open"
            onClick={() => setOpen(true)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
        </div>
      </div>
      <MenuPanel open={open} onClose={() => setOpen(false)} lang={lang} menu={menu} pathname={pathname} alternate={alternate} contactHref={contactHref} />
    </header>
  );
}

/** An entry with a submenu (Solutions by default); its own link, if any, comes first in the submenu. */
function SubmenuDropdown({ group, pathname }: { group: ShellEntry; pathname: string }) {
  const [open, setOpen] = useState(false);
  const links: (ShellLink & { id: string })[] = group.href
    ? [{ id: `${group.id}-self`, label: group.label, href: group.href, external: group.external, section: group.section }, ...group.children]
    : group.children;
  const active = links.some((c) => isActiveHref(c, pathname));
  const ref = useRef<HTMLDivElement>(null);
  // A pointer entering opens the submenu; the click that follows (a tap on a touch screen fires both)
  // must then keep it open rather than toggle it shut.
  const openedByHover = useRef(false);
  useEffect(() => setOpen(false), [pathname]);
  return (
    // Hover opens the submenu for the mouse; its toggle button is the keyboard's and touch's way.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={ref}
      className="relative"
      onMouseEnter={() => {
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        openedByHover.current = false;
        setOpen(false);
      }}
      onBlur={(e) => {
        if (!ref.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") setOpen(false);
      }}
    >
      <button
        type="button"
        className={`${linkBase} inline-flex items-center gap-1 ${active ? activeCls : ""}`}
        aria-expanded={open}
        aria-haspopup="true"
        data-testid="solutions-toggle"
        onClick={() => {
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else setOpen((o) => !o);
        }}
      >
        {group.label}
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      <div className={`absolute left-0 top-full pt-2 ${open ? "block" : "hidden"}`}>
        <ul className="w-64 rounded-xl border border-[var(--border)] bg-[var(--surface)] p-2 shadow-xl">
          {links.map((c) => (
            <li key={c.id}>
              <a
                href={c.href}
                {...externalProps(c)}
                className={`block rounded-lg px-3 py-2.5 font-medium hover:bg-[var(--surface-alt)] ${isActiveHref(c, pathname) ? "bg-[var(--surface-accent)]" : ""}`}
                aria-current={isActiveHref(c, pathname) ? "page" : undefined}
              >
                {c.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Below xl: a 280 px slide-in panel. A modal dialog gives focus containment and Escape for free. */
function MenuPanel({
  open,
  onClose,
  lang,
  menu,
  pathname,
  alternate,
  contactHref,
}: {
  open: boolean;
  onClose: () => void;
  lang: Lang;
  menu: ShellEntry[];
  pathname: string;
  alternate: string;
  contactHref: string;
}) {
  const t = translator(lang);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
    // Page scrolling is locked while the panel is open.
    document.documentElement.style.overflow = open ? "hidden" : "";
    return () => {
      document.documentElement.style.overflow = "";
    };
  }, [open]);
  const item = (l: ShellLink & { id: string }, nested = false) => (
    <li key={l.id}>
      <a
        href={l.href}
        {...externalProps(l)}
        className={`block rounded-lg px-3 py-3 font-semibold hover:bg-[var(--surface-alt)] ${nested ? "pl-6 font-medium" : ""} ${isActiveHref(l, pathname) ? "bg-[var(--surface-accent)] text-[var(--text)]" : ""}`}
        aria-current={isActiveHref(l, pathname) ? "page" : undefined}
        onClick={onClose}
      >
        {l.label}
      </a>
    </li>
  );
  return (
    // A click on the backdrop closes the panel; the keyboard closes it with Escape (native <dialog>) or its button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      id="menu-panel"
      ref={ref}
      className="menu-panel fixed inset-y-0 left-auto right-0 m-0 h-full max-h-none w-[280px] max-w-[280px] overflow-y-auto bg-[var(--surface)] p-0 text-[var(--text)] shadow-2xl"
      aria-label={t("nav.menu")}
      data-testid="menu-panel"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="flex h-[72px] items-center justify-between border-b border-[var(--border)] px-4">
        <span className="font-bold">{t("nav.menu")}</span>
        <button
          type="button"
          onClick={onClose}
          aria-label={t("nav.close")}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-[var(--surface-alt)]"
          data-testid="menu-close"
        >
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
      <nav aria-label={t("nav.menu")} className="p-3">
        <ul className="flex flex-col gap-0.5">
          {menu.map((m) =>
            m.children.length ? (
              <li key={m.id}>
                <span className="block px-3 pb-1 pt-3 text-xs font-bold uppercase tracking-wider text-[var(--text-muted)]">{m.label}</span>
                <ul>
                  {(m.href ? [{ id: `${m.id}-self`, label: m.label, href: m.href, external: m.external, section: m.section }, ...m.children] : m.children).map(
                    (c) => item(c, true),
                  )}
                </ul>
              </li>
            ) : m.href ? (
              item({ id: m.id, label: m.label, href: m.href, external: m.external, section: m.section })
            ) : null,
          )}
        </ul>
      </nav>
      {/* The panel carries the switches too, so a phone visitor finds them where the menu is. */}
      <div className="px-4 pb-1">
        <a
          href={contactHref}
          className="block rounded-full bg-brand-yellow px-5 py-3 text-center font-bold text-ink hover:brightness-95"
          onClick={onClose}
          data-testid="menu-contact"
        >
          {t("nav.contact")}
        </a>
      </div>
      <div className="flex items-center gap-2 border-t border-[var(--border)] px-4 py-3" data-testid="menu-panel-switches">
        <LanguageSwitch lang={lang} href={alternate} testId="menu-language-switch" />
        <ThemeToggle lang={lang} testId="menu-theme-toggle" />
      </div>
    </dialog>
  );
}
