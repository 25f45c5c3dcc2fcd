/** The site structure's answer (GET, PUT, publish and restore of /api/site-structure): draft, published copy, pages, history. */
export type { StructureView as StructureAnswer } from "~/lib/structure/view";
