import { STRUCTURE_LIMITS, type MenuChild, type MenuEntry } from "~/lib/structure/structure-schemas";
import { dangerBtn, LabelFields, newId, smallBtn } from "./fields";
import { LinkPicker, type LinkTargets } from "./LinkPicker";
import { SortableList } from "./SortableList";

/** The main menu: entries in order, each with its labels, its link and, if any, its submenu (two levels). */
export function MenuEditor({ menu, onChange, targets }: { menu: MenuEntry[]; onChange: (m: MenuEntry[]) => void; targets: LinkTargets }) {
  const total = menu.reduce((n, e) => n + 1 + e.children.length, 0);
  const full = menu.length >= STRUCTURE_LIMITS.menuEntries || total >= STRUCTURE_LIMITS.menuTotal;
  const set = (i: number, e: MenuEntry) => onChange(menu.map((m, j) => (j === i ? e : m)));
  return (
    <>
      <SortableList
        items={menu}
        onChange={onChange}
        name={(e) => e.label.fr || "entrée sans nom"}
        testId="menu-entries"
        render={(entry, i, handle) => (
          <div className="space-y-3" data-testid="menu-entry">
            <div className="flex items-start gap-2">
              {handle}
              <div className="grid min-w-0 flex-1 gap-3 xl:grid-cols-2">
                <LabelFields name="Libellé" value={entry.label} onChange={(label) => set(i, { ...entry, label })} testId={`menu-label-${i}`} />
                <LinkPicker
                  value={entry.link}
                  allowNone={entry.children.length > 0}
                  onChange={(link) => set(i, { ...entry, link })}
                  targets={targets}
                  testId={`menu-link-${i}`}
                />
              </div>
            </div>
            {entry.children.length ? (
              <div className="border-l-2 border-brand-yellow pl-3 sm:ml-12">
                <p className="mb-2 text-sm font-bold text-neutral-700">Sous-menu « {entry.label.fr} »</p>
                <SortableList
                  items={entry.children}
                  onChange={(children) => set(i, { ...entry, children })}
                  name={(c) => c.label.fr || "entrée sans nom"}
                  render={(child, k, childHandle) => (
                    // On a phone the handle and "Retirer" share the first line and the fields take the whole
                    // width under them (at 320 px the three side by side left the fields 67 px and the button
                    // over the label); from 640 px, one line as before.
                    <div className="flex flex-wrap items-start gap-2 sm:flex-nowrap" data-testid="submenu-entry">
                      {childHandle}
                      <div className="order-last grid min-w-0 flex-1 basis-full gap-3 sm:order-none sm:basis-0 xl:grid-cols-2">
                        <LabelFields
                          name="Libellé"
                          value={child.label}
                          onChange={(label) => set(i, { ...entry, children: entry.children.map((c, j) => (j === k ? { ...c, label } : c)) })}
                        />
                        <LinkPicker
                          value={child.link}
                          onChange={(link) => link && set(i, { ...entry, children: entry.children.map((c, j) => (j === k ? { ...c, link } : c)) })}
                          targets={targets}
                        />
                      </div>
                      <button
                        type="button"
                        className={`${dangerBtn} ml-auto shrink-0 sm:ml-0`}
                        aria-label={`Retirer « ${child.label.fr} » du sous-menu`}
                        onClick={() =>
                          set(i, {
                            ...entry,
                            children: entry.children.filter((_, j) => j !== k),
                            link: entry.children.length === 1 && !entry.link ? { type: "system", key: "home" } : entry.link,
                          })
                        }
                      >
                        Retirer
                      </button>
                    </div>
                  )}
                />
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2 sm:pl-12">
              <button
                type="button"
                className={smallBtn}
                disabled={entry.children.length >= STRUCTURE_LIMITS.submenuEntries || total >= STRUCTURE_LIMITS.menuTotal}
                onClick={() => {
                  const child: MenuChild = { id: newId("sub"), label: { fr: "Nouvelle entrée", en: "New entry" }, link: { type: "system", key: "home" } };
                  set(i, { ...entry, children: [...entry.children, child] });
                }}
              >
                Ajouter au sous-menu
              </button>
              <button type="button" className={dangerBtn} onClick={() => onChange(menu.filter((_, j) => j !== i))} data-testid="menu-remove">
                Retirer l'entrée
              </button>
            </div>
          </div>
        )}
      />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={smallBtn}
          disabled={full}
          onClick={() =>
            onChange([...menu, { id: newId("menu"), label: { fr: "Nouvelle entrée", en: "New entry" }, link: { type: "system", key: "home" }, children: [] }])
          }
          data-testid="menu-add"
        >
          Ajouter une entrée
        </button>
        <p className="text-xs text-neutral-600">
          {menu.length} entrée{menu.length > 1 ? "s" : ""} sur {STRUCTURE_LIMITS.menuEntries} au plus ; deux niveaux au plus. Glissez la poignée ⠿, ou au
          clavier : Espace, flèches, Espace.
        </p>
      </div>
    </>
  );
}
