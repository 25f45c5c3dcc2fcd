import { z } from "zod";
import { TAB_ID } from "./tab";

/**
 * The presence API's inputs (issue 25 §3, decision 049), shared by the editors and the handlers. A tab
 * names itself with a random id it keeps for its life (sessionStorage: a reload is the same tab); every
 * request of the back-office carries it in EDITING_TAB_HEADER (tab.ts), so a save says which tab it comes from.
 */
export { EDITING_TAB_HEADER, TAB_ID } from "./tab";

export const tabIdSchema = z.string().regex(TAB_ID, "onglet : identifiant invalide");

const sessionIdSchema = z.string().regex(TAB_ID, "session : identifiant invalide");

/**
 * open: the editor opens (takes the page when nobody holds it, else is present read-only until the member
 * chooses); beat: the heartbeat, every HEARTBEAT_MS; take: "Prendre la main" from the holder the member
 * saw (`from`, null when nobody held it): two members taking over at once, one wins; read: "Ouvrir en
 * lecture seule" (gives the hold back if this tab had it); leave: the editor closes.
 */
export const presenceActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("open"), tab: tabIdSchema }),
    z.object({ action: z.literal("beat"), tab: tabIdSchema }),
    z.object({ action: z.literal("read"), tab: tabIdSchema }),
    z.object({ action: z.literal("leave"), tab: tabIdSchema }),
    z.object({ action: z.literal("take"), tab: tabIdSchema, from: sessionIdSchema.nullable() }),
  ],
  { error: "action attendue : open, beat, read, take ou leave" },
);
export type PresenceAction = z.infer<typeof presenceActionSchema>;

export const presenceLiveQuerySchema = z.object({ tab: tabIdSchema });

/** The editor's heartbeat, and how long a silent tab still counts as there. */
export const HEARTBEAT_MS = 10_000;
export const STALE_AFTER_MS = 30_000;
