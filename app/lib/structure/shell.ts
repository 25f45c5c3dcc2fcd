import { normalizePath, ROUTES, type Lang } from "~/lib/i18n/routes";

/**
 * What the public header and footer render: the published structure resolved for one language (labels
 * chosen, links turned into addresses, entries to unpublished or deleted pages left out). Built on the
 * server and cached; the island receives only this, never the structure's schema code.
 */
export interface ShellLink {
  label: string;
  href: string;
  /** Another site: opens with rel="noopener noreferrer". */
  external: boolean;
}
export interface ShellEntry {
  id: string;
  label: string;
  href: string | null;
  external: boolean;
  children: (ShellLink & { id: string })[];
}
export interface ShellColumn {
  id: string;
  title: string;
  links: (ShellLink & { id: string })[];
}
export interface PublicShell {
  menu: ShellEntry[];
  footer: ShellColumn[];
}

/** The blog entry stays highlighted on its articles; every other entry on its own path only. */
export function isActiveHref(href: string | null, lang: Lang, pathname: string): boolean {
  if (!href || !href.startsWith("/")) return false;
  const p = normalizePath(pathname);
  const target = normalizePath(href);
  if (target === ROUTES.blog[lang]) return p === target || p.startsWith(`${target}/`);
  return p === target;
}
