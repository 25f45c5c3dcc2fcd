import { normalizePath, type RouteKey } from "~/lib/i18n/routes";

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
  /** Highlighted on the addresses under it too (the blog's entry on its articles). */
  section?: boolean;
}
export interface ShellEntry {
  id: string;
  label: string;
  href: string | null;
  external: boolean;
  section?: boolean;
  children: (ShellLink & { id: string })[];
}
export interface ShellColumn {
  id: string;
  title: string;
  links: (ShellLink & { id: string })[];
}
export interface PublicShell {
  /** The system pages' current addresses in this language (an admin may have moved them). */
  routes: Record<RouteKey, string>;
  menu: ShellEntry[];
  footer: ShellColumn[];
}

/** The blog entry (a `section`) stays highlighted on its articles; every other entry on its own path only. */
export function isActiveHref(link: { href: string | null; section?: boolean }, pathname: string): boolean {
  const { href } = link;
  if (!href || !href.startsWith("/")) return false;
  const p = normalizePath(pathname);
  const target = normalizePath(href);
  if (link.section) return p === target || p.startsWith(`${target}/`);
  return p === target;
}
