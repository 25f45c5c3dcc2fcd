import type { Permission } from "~/lib/auth/can";

/** The bar's widths: below md everything is behind "Menu"; from md, what does not fit yet is behind "Plus". */
export type BarWidth = "sm" | "md" | "lg" | "xl";
export const BAR_WIDTHS: readonly BarWidth[] = ["sm", "md", "lg", "xl"];

export interface AdminLink {
  href: string;
  /** The words in the bar. */
  label: string;
  /** The page's own name, when the bar names where you are (below md) and it differs from the label. */
  name?: string;
  /** Shown only to members who hold it (the server refuses the page's actions to the others anyway). */
  permission?: Permission;
  /**
   * From this width the link sits in the bar's row; narrower, it is in the menu (Tailwind's md/lg/xl).
   * "menu": always behind "Plus"/"Menu" (pages a member opens now and then: the row keeps room for daily work).
   */
  row: Exclude<BarWidth, "sm"> | "menu";
  testId?: string;
  /** A count shown beside the label (the review requests waiting, the member's unread mentions). */
  count?: "reviews" | "mentions";
  /** Screens reached from this one that have no entry of their own (an article's editor is in Articles). */
  within?: readonly string[];
}

/**
 * Every back-office screen the admin bar leads to, in the bar's order: the bar, its "Menu" and its "Plus"
 * read this one table, and so does the name of the current page. A new screen adds its line here.
 */
export const ADMIN_LINKS: readonly AdminLink[] = [
  { href: "/admin/backups", label: "Sauvegardes", row: "xl" },
  { href: "/admin/media-library", label: "Médiathèque", row: "md" },
  { href: "/admin/archimed-pages", label: "Pages", row: "md" },
  { href: "/admin/blog-scheduler", label: "Articles", row: "md", within: ["/admin/blog/edit", "/admin/ai-blog-generator"] },
  { href: "/admin/contact-requests", label: "Demandes", row: "lg" },
  { href: "/admin/reviews", label: "À relire", permission: "publishContent", row: "lg", testId: "admin-reviews-link", count: "reviews" },
  { href: "/admin/team", label: "Équipe", permission: "manageTeam", row: "xl" },
  { href: "/admin/security", label: "Sécurité", name: "Sécurité du compte", row: "menu", testId: "admin-security-link" },
  // Behind "Plus" at every width (the row is full at 1440 px): its unread count shows on "Plus" itself.
  { href: "/admin/mentions", label: "Mentions", permission: "comment", row: "menu", testId: "admin-mentions-link", count: "mentions" },
  { href: "/admin/site-structure", label: "Structure", name: "Structure du site", permission: "editSiteStructure", row: "xl", testId: "admin-structure-link" },
  { href: "/admin/design", label: "Design", name: "Design du site", permission: "editDesign", row: "xl", testId: "admin-design-link" },
  { href: "/admin/activity", label: "Journal", name: "Journal d'activité", permission: "readActivityLog", row: "menu", testId: "admin-activity-link" },
];

/** The bar's entry for a back-office address: its own, else the one whose screens include it. */
export function entryFor(pathname: string): { link: AdminLink; exact: boolean } | undefined {
  const own = ADMIN_LINKS.find((l) => l.href === pathname);
  if (own) return { link: own, exact: true };
  const parent = ADMIN_LINKS.find((l) => l.within?.some((p) => pathname === p || pathname.startsWith(`${p}/`)));
  return parent ? { link: parent, exact: false } : undefined;
}

/** Whether an item whose row starts at `row` sits in the row at the width `now`. */
export const inRow = (row: AdminLink["row"], now: BarWidth) => row !== "menu" && BAR_WIDTHS.indexOf(now) >= BAR_WIDTHS.indexOf(row);
