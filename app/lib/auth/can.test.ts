import { describe, expect, it } from "vitest";
import { can, canDeletePage, canManageTeam, canPublishContent, canRestoreBackup, PERMISSIONS } from "./can";

const EDITOR_PERMISSIONS = new Set<string>(["editContent", "publishContent", "handleContactRequests", "comment", "resolveComments"]);
/** Issue 25 §1: a contributor writes drafts and uploads; nothing a visitor sees changes through them. §2: and comments. */
const CONTRIBUTOR_PERMISSIONS = new Set<string>(["editContent", "comment", "resolveComments"]);

describe("permissions", () => {
  it("gives editors content and contact requests only, contributors drafts only, admins everything, nobody without a role anything", () => {
    const editor = { role: "editor" as const };
    const contributor = { role: "contributor" as const };
    const admin = { role: "admin" as const };
    for (const p of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
      expect(can(admin, p)).toBe(true);
      expect(can(editor, p), p).toBe(EDITOR_PERMISSIONS.has(p));
      expect(can(contributor, p), p).toBe(CONTRIBUTOR_PERMISSIONS.has(p));
      expect(can(null, p)).toBe(false);
    }
    expect([canDeletePage(editor), canManageTeam(editor), canRestoreBackup(editor)]).toEqual([false, false, false]);
    expect([canDeletePage(admin), canManageTeam(admin), canRestoreBackup(admin)]).toEqual([true, true, true]);
    expect([canPublishContent(contributor), canPublishContent(editor)]).toEqual([false, true]);
  });
});
