/** The design settings' answer (GET, PUT and publish of /api/design): the draft, what is published, their versions. */
export type { DesignView as DesignAnswer } from "~/lib/design/view";
