import type { CommentMembersAnswer } from "~/lib/api/comments";
import { commentMembers } from "~/lib/comments/comments.server";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/comments.members";

/** GET: the team as "@" offers it (a name and an address; roles and sign-ins stay on the admins' Équipe page). */
const handlers = endpoint<Route.LoaderArgs>({
  GET: { permission: "comment", handle: async () => json({ members: await commentMembers() } satisfies CommentMembersAnswer) },
});

export const loader = handlers.loader;
export const action = handlers.action;
