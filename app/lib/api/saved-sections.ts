import type { Block } from "~/lib/document/schema";

/** The saved sections API (issue 11 §6, "Enregistrer comme modèle"), as the server answers it and the builder reads it. */
export interface SavedSection {
  id: string;
  name: string;
  block: Block;
  createdAt: string;
  createdBy: string | null;
}

export interface SavedSectionsAnswer {
  sections: SavedSection[];
}

export interface SavedSectionAnswer {
  section: SavedSection;
}
