import { describe, expect, it } from "vitest";
import { can, canDeletePage, canManageTeam, canRestoreBackup, PERMISSIONS } from "./can";

const EDITOR_PERMISSIONS = new Set<string>(["editContent", "handleContactRequests"]);

describe("permissions", () => {
  it("gives editors content and contact requests only, admins everything, nobody without a role anything", () => {
    const editor = { role: "editor" as const };
    const admin = { role: "admin" as const };
    for (const p of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
      expect(can(admin, p)).toBe(true);
      expect(can(editor, p), p).toBe(EDITOR_PERMISSIONS.has(p));
      expect(can(null, p)).toBe(false);
    }
    expect([canDeletePage(editor), canManageTeam(editor), canRestoreBackup(editor)]).toEqual([false, false, false]);
    expect([canDeletePage(admin), canManageTeam(admin), canRestoreBackup(admin)]).toEqual([true, true, true]);
  });
});
