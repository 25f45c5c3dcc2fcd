import { STRUCTURE_LIMITS, type FooterColumn } from "~/lib/structure/structure-schemas";
import { dangerBtn, LabelFields, newId, smallBtn } from "./fields";
import { LinkPicker, type LinkTargets } from "./LinkPicker";
import { SortableList } from "./SortableList";

/** The footer's link columns (the contact column and the social links come from the settings). */
export function FooterEditor({ columns, onChange, targets }: { columns: FooterColumn[]; onChange: (c: FooterColumn[]) => void; targets: LinkTargets }) {
  const set = (i: number, c: FooterColumn) => onChange(columns.map((x, j) => (j === i ? c : x)));
  return (
    <>
      <SortableList
        items={columns}
        onChange={onChange}
        name={(c) => c.title.fr || "colonne sans titre"}
        testId="footer-columns"
        render={(col, i, handle) => (
          <div className="space-y-3">
            <div className="flex items-start gap-2">
              {handle}
              <div className="min-w-0 flex-1">
                <LabelFields name="Titre de la colonne" value={col.title} onChange={(title) => set(i, { ...col, title })} />
              </div>
            </div>
            <div className="ml-4 border-l-2 border-brand-teal pl-3 sm:ml-12">
              <SortableList
                items={col.links}
                onChange={(links) => set(i, { ...col, links })}
                name={(l) => l.label.fr || "lien sans nom"}
                render={(l, k, linkHandle) => (
                  <div className="flex items-start gap-2">
                    {linkHandle}
                    <div className="grid min-w-0 flex-1 gap-3 xl:grid-cols-2">
                      <LabelFields
                        name="Libellé"
                        value={l.label}
                        onChange={(label) => set(i, { ...col, links: col.links.map((x, j) => (j === k ? { ...x, label } : x)) })}
                      />
                      <LinkPicker
                        value={l.link}
                        onChange={(link) => link && set(i, { ...col, links: col.links.map((x, j) => (j === k ? { ...x, link } : x)) })}
                        targets={targets}
                      />
                    </div>
                    <button
                      type="button"
                      className={`${dangerBtn} shrink-0`}
                      aria-label={`Retirer le lien « ${l.label.fr} »`}
                      onClick={() => set(i, { ...col, links: col.links.filter((_, j) => j !== k) })}
                    >
                      Retirer
                    </button>
                  </div>
                )}
              />
            </div>
            <div className="flex flex-wrap gap-2 sm:pl-12">
              <button
                type="button"
                className={smallBtn}
                disabled={col.links.length >= STRUCTURE_LIMITS.footerLinks}
                onClick={() =>
                  set(i, {
                    ...col,
                    links: [...col.links, { id: newId("lien"), label: { fr: "Nouveau lien", en: "New link" }, link: { type: "system", key: "home" } }],
                  })
                }
              >
                Ajouter un lien
              </button>
              <button type="button" className={dangerBtn} onClick={() => onChange(columns.filter((_, j) => j !== i))}>
                Retirer la colonne
              </button>
            </div>
          </div>
        )}
      />
      <button
        type="button"
        className={`${smallBtn} mt-4`}
        disabled={columns.length >= STRUCTURE_LIMITS.footerColumns}
        onClick={() => onChange([...columns, { id: newId("colonne"), title: { fr: "Nouvelle colonne", en: "New column" }, links: [] }])}
      >
        Ajouter une colonne
      </button>
    </>
  );
}
