/**
 * Every action the activity log records (issue 25 §5), with the words the "Journal d'activité" shows and
 * the group its filter offers. The server records only these names and the screen reads this one table,
 * so a new kind of entry is one line here.
 */
export const ACTIVITY_GROUPS = {
  publication: "Publications",
  schedule: "Programmations",
  deletion: "Suppressions",
  restore: "Restaurations",
  team: "Équipe",
  signIn: "Connexions",
  backup: "Sauvegardes",
  site: "Design et structure",
  review: "Relectures",
} as const;
export type ActivityGroup = keyof typeof ACTIVITY_GROUPS;

export const ACTIVITY_ACTIONS = {
  "page.publish": { label: "Page publiée", group: "publication" },
  "article.publish": { label: "Article publié", group: "publication" },
  "article.unpublish": { label: "Article dépublié", group: "publication" },
  "article.schedule": { label: "Article programmé", group: "schedule" },
  "page.delete": { label: "Page supprimée", group: "deletion" },
  "article.delete": { label: "Article supprimé", group: "deletion" },
  "article.remove_language": { label: "Langue d'un article supprimée", group: "deletion" },
  "media.delete": { label: "Média supprimé", group: "deletion" },
  "redirect.delete": { label: "Redirection supprimée", group: "deletion" },
  "backup.delete": { label: "Sauvegarde supprimée", group: "deletion" },
  "page.revision_restore": { label: "Version restaurée", group: "restore" },
  "structure.revision_restore": { label: "Structure restaurée", group: "restore" },
  "backup.restore": { label: "Site restauré depuis une sauvegarde", group: "restore" },
  "team.add": { label: "Membre ajouté", group: "team" },
  "team.remove": { label: "Membre retiré", group: "team" },
  "team.role": { label: "Rôle modifié", group: "team" },
  "team.password_reset": { label: "Mot de passe réinitialisé", group: "team" },
  "team.two_factor_reset": { label: "Second facteur réinitialisé", group: "team" },
  "team.two_factor_policy": { label: "Règle du second facteur modifiée", group: "team" },
  "account.passkey_add": { label: "Clé d'accès ajoutée", group: "team" },
  "account.passkey_remove": { label: "Clé d'accès supprimée", group: "team" },
  "account.two_factor_off": { label: "Double authentification désactivée", group: "team" },
  "account.recovery_codes": { label: "Codes de secours renouvelés", group: "team" },
  "auth.sign_in": { label: "Connexion", group: "signIn" },
  "auth.sign_out": { label: "Déconnexion", group: "signIn" },
  "backup.create": { label: "Sauvegarde créée", group: "backup" },
  "backup.import": { label: "Sauvegarde importée", group: "backup" },
  "backup.schedule": { label: "Sauvegarde automatique réglée", group: "backup" },
  "design.publish": { label: "Design publié", group: "site" },
  "structure.publish": { label: "Structure publiée", group: "site" },
  "review.request": { label: "Relecture demandée", group: "review" },
  "review.approve": { label: "Relecture approuvée et publiée", group: "review" },
  "review.changes": { label: "Modifications demandées", group: "review" },
} as const satisfies Record<string, { label: string; group: ActivityGroup }>;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

export const ACTIVITY_OUTCOMES = { ok: "Réussi", failure: "Échec", refused: "Refusé" } as const;
export type ActivityOutcome = keyof typeof ACTIVITY_OUTCOMES;

export const isActivityAction = (name: string): name is ActivityAction => Object.hasOwn(ACTIVITY_ACTIONS, name);

/** The actions of one filter group, for the list's query. */
export function actionsOfGroup(group: ActivityGroup): ActivityAction[] {
  return (Object.keys(ACTIVITY_ACTIONS) as ActivityAction[]).filter((a) => ACTIVITY_ACTIONS[a].group === group);
}
