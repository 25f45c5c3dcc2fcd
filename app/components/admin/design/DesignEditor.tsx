import { designApi } from "~/lib/api/client";
import { useEffect, useId, useState, type CSSProperties } from "react";
import { DraftStatus } from "~/components/admin/DraftStatus";
import { useDraftDocument } from "~/lib/admin/use-draft-document";
import { Card } from "~/components/admin/structure/fields";
import { designVariables, fluidCss } from "~/lib/design/css";
import { contrastProblems, designSettingsSchema } from "~/lib/design/design-schema";
import {
  BAND_LABEL,
  BUTTON_KEYS,
  BUTTON_LABELS,
  COLOR_KEYS,
  COLOR_LABELS,
  RADIUS_KEYS,
  RADIUS_LABELS,
  SIZE_KEYS,
  SIZE_LABELS,
  SPACE_KEYS,
  SPACE_LABELS,
  type ButtonKey,
  type ButtonStyle,
  type ColorKey,
  type ColorMode,
  type DesignSettings,
  type Fluid,
} from "~/lib/design/tokens";
import type { DesignView } from "~/lib/design/view";
import { derivedKeys, effectiveBand, effectiveColors } from "~/lib/design/derive";
import { SelectField } from "~/components/kit/fields";
import { SitePreview } from "./SitePreview";
import { fontStack, TYPEFACE_KEYS, TYPEFACE_LABELS, type TypefaceKey } from "~/lib/design/typefaces";
import { allFontFaceCss } from "~/lib/design/typeface-files";

const numCls = "w-full rounded-lg border border-neutral-300 bg-white px-2 py-1.5 text-sm tabular-nums";
const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * "Design du site": the named colours (light and dark), the type scale, the spacing scale, radii and
 * button styles, saved as a draft then published like the site structure. Contrast is checked as you
 * type; the preview shows the draft in both themes before anything reaches visitors.
 */
export function DesignEditor({ initial }: { initial: DesignView }) {
  const { view, draft, dirty, busy, error, stale, notice, setNotice, pending, change, run } = useDraftDocument<DesignView, DesignSettings>(initial, {
    docOf: (v) => v.design,
    save: designApi.save,
    publish: designApi.publish,
    saved: "Brouillon enregistré. Les visiteurs ne le verront qu'après « Publier ».",
    published: "Design publié : toutes les pages qui utilisent ces réglages les affichent maintenant.",
  });
  const problems = contrastProblems(draft);
  const checked = designSettingsSchema.safeParse(draft);
  const firstIssue = checked.success ? null : (checked.error.issues[0]?.message ?? "Valeur invalide.");

  const effective = effectiveColors(draft);
  const derived = derivedKeys(draft);
  const band = effectiveBand(draft);
  const setColor = (theme: "light" | "dark", k: ColorKey, v: string) =>
    change({ ...draft, colors: { ...draft.colors, [theme]: { ...draft.colors[theme], [k]: v } } });
  return (
    <div data-testid="design-editor">
      <div className="sticky top-12 z-20 -mx-5 flex flex-wrap items-center gap-2 border-b border-neutral-200 bg-neutral-50 px-5 py-3 md:-mx-8 md:px-8">
        <DraftStatus dirty={dirty} view={view} className="w-full text-sm lg:mr-auto lg:w-auto" testId="design-status" />
        <button
          type="button"
          className="rounded-full px-1 py-2 text-sm font-bold text-neutral-700 underline underline-offset-4 hover:text-ink disabled:opacity-50 sm:px-3"
          disabled={busy !== null}
          onClick={() => {
            change(view.defaults);
            setNotice("Valeurs d'origine rétablies dans le brouillon : enregistrez ou publiez pour les appliquer.");
          }}
          data-testid="design-defaults"
        >
          Valeurs d'origine
        </button>
        <button
          type="button"
          disabled={busy !== null || !dirty || !checked.success}
          onClick={() => void run("save")}
          className="rounded-full border border-neutral-300 bg-white px-3 py-2 text-sm font-bold disabled:opacity-50 lg:px-5 lg:py-2.5 lg:text-base"
          data-testid="design-save"
        >
          {busy === "save" ? (
            "Enregistrement…"
          ) : (
            <>
              Enregistrer<span className="hidden sm:inline"> le brouillon</span>
            </>
          )}
        </button>
        <button
          type="button"
          disabled={busy !== null || !pending || !checked.success}
          onClick={() => void run("publish")}
          className="rounded-full bg-brand-yellow px-4 py-2 text-sm font-bold text-ink disabled:opacity-50 lg:px-5 lg:py-2.5 lg:text-base"
          data-testid="design-publish"
        >
          {busy === "publish" ? "Publication…" : "Publier"}
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800" data-testid="design-error">
          {stale ? `${error} (rechargez la page)` : error}
        </p>
      ) : null}
      {problems.length || firstIssue ? (
        <div role="alert" className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-amber-950" data-testid="design-contrast">
          <p className="font-semibold">À corriger avant d'enregistrer :</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {(problems.length ? problems : [firstIssue]).slice(0, 6).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {notice ? (
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-emerald-900" data-testid="design-notice">
          {notice}
        </p>
      ) : null}

      <Card
        title="Couleurs du site"
        description="Les couleurs nommées, pour le thème clair et le thème sombre. Le sélecteur de couleur du constructeur les propose en premier."
        testId="design-colors"
      >
        <div className="mb-4 grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Fonds pâles (accent, turquoise)"
            value={draft.derive.tints}
            options={[
              ["auto", "Automatiques"],
              ["custom", "Personnalisés"],
            ]}
            onChange={(v) => change({ ...draft, derive: { ...draft.derive, tints: v as ColorMode } })}
          />
          <SelectField
            label="Couleurs du thème sombre"
            value={draft.derive.dark}
            options={[
              ["auto", "Automatiques"],
              ["custom", "Personnalisées"],
            ]}
            onChange={(v) => change({ ...draft, derive: { ...draft.derive, dark: v as ColorMode } })}
          />
        </div>
        <p className="mb-4 text-sm text-neutral-600">
          Automatiques : les fonds pâles sont des teintes de la couleur de marque et du turquoise, et le thème sombre reprend les couleurs de marque du thème
          clair, éclaircies si besoin pour rester lisibles. Ces valeurs calculées sont affichées en pointillés. Le fond sombre (bandeaux d'appel à l'action) est
          toujours calculé : l'encre quand elle est foncée, sinon le texte, pour que le texte blanc y reste lisible.
        </p>
        <div className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <span className="hidden font-semibold text-neutral-700 sm:block">Couleur</span>
          <span className="font-semibold text-neutral-700">Thème clair</span>
          <span className="font-semibold text-neutral-700">Thème sombre</span>
          {COLOR_KEYS.map((k) => (
            <ColorRow
              key={k}
              k={k}
              light={effective.light[k]}
              dark={effective.dark[k]}
              auto={{ light: derived.light.includes(k), dark: derived.dark.includes(k) }}
              onChange={(theme, v) => setColor(theme, k, v)}
            />
          ))}
          {/* Worked out from the ink and the text colour (decision 052): shown, never typed. */}
          <span className="col-span-2 mt-2 font-semibold text-neutral-800 sm:col-span-1 sm:mt-0 sm:self-center">{BAND_LABEL}</span>
          {(["light", "dark"] as const).map((theme) => (
            <ColorInput
              key={theme}
              label={`${BAND_LABEL}, thème ${theme === "light" ? "clair" : "sombre"}`}
              value={band[theme]}
              auto
              autoHint="Toujours calculé : l'encre quand elle est foncée, sinon le texte, pour que le texte blanc y reste lisible."
              onChange={() => {}}
              testId={`design-color-band-${theme}`}
            />
          ))}
        </div>
      </Card>

      <Card
        title="Polices"
        description="Des polices hébergées par le site, préchargées : seules celles choisies sont téléchargées par les visiteurs."
        testId="design-fonts"
      >
        {/* Every family's @font-face, on this screen only, so each name shows in its own face. */}
        <style dangerouslySetInnerHTML={{ __html: allFontFaceCss() }} />
        <div className="grid gap-4 sm:grid-cols-2">
          {(
            [
              ["heading", "Police des titres", "Un titre de section", 800],
              ["body", "Police du texte", "Un paragraphe de texte, à la taille « Texte » du site.", 400],
            ] as const
          ).map(([k, label, sample, weight]) => (
            <div key={k}>
              <SelectField
                label={label}
                value={draft.fonts[k]}
                options={TYPEFACE_KEYS.map((f) => [f, TYPEFACE_LABELS[f]] as const)}
                optionStyle={(f) => ({ fontFamily: fontStack(f as TypefaceKey) })}
                onChange={(v) => change({ ...draft, fonts: { ...draft.fonts, [k]: v as TypefaceKey } })}
                testId={`design-font-${k}`}
              />
              <p className="mt-2 text-lg" style={{ fontFamily: fontStack(draft.fonts[k]), fontWeight: weight }} data-testid={`design-font-${k}-sample`}>
                {sample}
              </p>
            </div>
          ))}
        </div>
      </Card>

      <Card
        title="Tailles de texte"
        description="Chaque taille va de sa valeur sur mobile (jusqu'à 480 px de large) à sa valeur sur ordinateur (à partir de 1280 px), en douceur entre les deux."
        testId="design-type"
      >
        <FluidTable
          keys={SIZE_KEYS}
          labels={SIZE_LABELS}
          values={draft.type}
          onChange={(k, f) => change({ ...draft, type: { ...draft.type, [k]: f } })}
          sample={(k) => <span style={{ fontSize: fluidCss(draft.type[k]), fontWeight: k.startsWith("h") ? 800 : 400, lineHeight: 1.15 }}>Aa</span>}
          testId="design-size"
        />
      </Card>

      <Card title="Espacements" description="Les pas d'espacement proposés pour les marges et les espaces (S, M, L, XL…)." testId="design-space">
        <FluidTable
          keys={SPACE_KEYS}
          labels={SPACE_LABELS}
          values={draft.space}
          onChange={(k, f) => change({ ...draft, space: { ...draft.space, [k]: f } })}
          sample={(k) => <span className="block h-3 rounded bg-brand-teal" style={{ width: `min(100%, ${Math.min(draft.space[k].desktop, 120)}px)` }} />}
          testId="design-space"
        />
      </Card>

      <Card title="Arrondis" description="Les arrondis proposés pour les images, les cartes et les boutons." testId="design-radius">
        <div className="grid gap-3 sm:grid-cols-5">
          {RADIUS_KEYS.map((k) => (
            <NumberField
              key={k}
              label={RADIUS_LABELS[k]}
              value={draft.radius[k]}
              max={9999}
              onChange={(n) => change({ ...draft, radius: { ...draft.radius, [k]: n } })}
              testId={`design-radius-${k}`}
            />
          ))}
        </div>
      </Card>

      <Card
        title="Styles de bouton"
        description="Un nouveau bouton prend le style principal ; chaque bouton peut changer de style dans ses réglages."
        testId="design-buttons"
      >
        <div className="space-y-4">
          {BUTTON_KEYS.map((k) => (
            <ButtonRow key={k} k={k} value={draft.buttons[k]} onChange={(b) => change({ ...draft, buttons: { ...draft.buttons, [k]: b } })} />
          ))}
        </div>
      </Card>

      <Card
        title="Avant de publier une page"
        description="La vérification avant publication signale toujours ces défauts ; cochés, ils empêchent aussi de publier tant qu'ils ne sont pas corrigés."
        testId="design-publishing"
      >
        <div className="space-y-2 text-sm">
          {(
            [
              ["blockContrast", "Bloquer la publication d'un texte, d'une icône ou d'un bouton trop peu contrasté (norme WCAG AA)"],
              ["blockAlt", "Bloquer la publication d'une image sans texte alternatif"],
            ] as const
          ).map(([k, label]) => (
            <label key={k} className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4"
                checked={draft.publishing[k]}
                onChange={(e) => change({ ...draft, publishing: { ...draft.publishing, [k]: e.target.checked } })}
                data-testid={`design-publishing-${k}`}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </Card>

      <Card title="Aperçu" description="Le brouillon tel que les visiteurs le verront, dans les deux thèmes." testId="design-preview">
        <div className="grid gap-4 lg:grid-cols-2">
          <Preview design={draft} theme="light" />
          <Preview design={draft} theme="dark" />
        </div>
      </Card>

      <Card
        title="Les pages du site avec ce brouillon"
        description="Les vraies pages, dans les deux thèmes, avec les réglages en cours de saisie. Rien n'est visible des visiteurs avant « Publier »."
        testId="design-pages"
      >
        <SitePreview design={draft} />
      </Card>
    </div>
  );
}

function ColorRow({
  k,
  light,
  dark,
  auto,
  onChange,
}: {
  k: ColorKey;
  light: string;
  dark: string;
  auto: { light: boolean; dark: boolean };
  onChange: (theme: "light" | "dark", v: string) => void;
}) {
  return (
    <>
      <span className="col-span-2 mt-2 font-semibold text-neutral-800 sm:col-span-1 sm:mt-0 sm:self-center">{COLOR_LABELS[k]}</span>
      <ColorInput
        label={`${COLOR_LABELS[k]}, thème clair`}
        value={light}
        auto={auto.light}
        onChange={(v) => onChange("light", v)}
        testId={`design-color-${k}-light`}
      />
      <ColorInput
        label={`${COLOR_LABELS[k]}, thème sombre`}
        value={dark}
        auto={auto.dark}
        onChange={(v) => onChange("dark", v)}
        testId={`design-color-${k}-dark`}
      />
    </>
  );
}

/** `auto`: a colour the site works out itself (derive.ts), shown but not editable until set apart. */
function ColorInput({
  label,
  value,
  auto,
  onChange,
  testId,
  autoHint = "Automatique : choisissez « Personnalisées » pour la modifier.",
}: {
  label: string;
  value: string;
  auto: boolean;
  onChange: (v: string) => void;
  testId: string;
  autoHint?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const bad = !HEX.test(text);
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <input
        type="color"
        disabled={auto}
        aria-label={`${label} : nuancier`}
        value={HEX.test(value) ? value : "#ffffff"}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-9 shrink-0 cursor-pointer rounded border border-neutral-300 bg-white p-0.5"
      />
      <input
        type="text"
        aria-label={label}
        aria-invalid={bad}
        title={auto ? autoHint : bad ? "Écrivez la couleur en hexadécimal, par exemple #1f6feb." : undefined}
        readOnly={auto}
        value={text}
        maxLength={7}
        onChange={(e) => {
          setText(e.target.value);
          if (HEX.test(e.target.value.trim())) onChange(e.target.value.trim().toLowerCase());
        }}
        className={`w-full min-w-0 rounded border px-2 py-1.5 font-mono text-xs ${bad ? "border-red-600 bg-red-50" : auto ? "border-dashed border-neutral-300 bg-neutral-50 text-neutral-600" : "border-neutral-300"}`}
        data-testid={testId}
      />
    </div>
  );
}

function NumberField({ label, value, onChange, max, testId }: { label: string; value: number; onChange: (n: number) => void; max: number; testId?: string }) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const n = Number(text.replace(",", "."));
  const bad = text.trim() === "" || !Number.isFinite(n) || n < 0 || n > max;
  return (
    <div className="min-w-0 text-sm">
      <label htmlFor={id} className="block font-semibold text-neutral-700">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-1">
        <input
          id={id}
          inputMode="decimal"
          value={text}
          aria-invalid={bad}
          onChange={(e) => {
            setText(e.target.value);
            const v = Number(e.target.value.replace(",", "."));
            if (e.target.value.trim() !== "" && Number.isFinite(v) && v >= 0 && v <= max) onChange(v);
          }}
          className={`${numCls} ${bad ? "border-red-600 bg-red-50" : ""}`}
          data-testid={testId}
        />
        <span className="text-neutral-600">px</span>
      </div>
      {bad ? <p className="mt-1 text-xs text-red-700">Un nombre de pixels entre 0 et {max}.</p> : null}
    </div>
  );
}

function FluidTable<K extends string>({
  keys,
  labels,
  values,
  onChange,
  sample,
  testId,
}: {
  keys: readonly K[];
  labels: Record<K, string>;
  values: Record<K, Fluid>;
  onChange: (k: K, f: Fluid) => void;
  sample: (k: K) => React.ReactNode;
  testId: string;
}) {
  return (
    <div className="space-y-3">
      {keys.map((k) => (
        <div key={k} className="grid grid-cols-2 items-end gap-3 border-b border-neutral-100 pb-3 sm:grid-cols-[10rem_1fr_1fr_minmax(0,8rem)]">
          <span className="col-span-2 font-semibold text-neutral-800 sm:col-span-1 sm:self-center">{labels[k]}</span>
          <NumberField
            label="Mobile"
            value={values[k].phone}
            max={240}
            onChange={(phone) => onChange(k, { ...values[k], phone })}
            testId={`${testId}-${k}-phone`}
          />
          <NumberField
            label="Ordinateur"
            value={values[k].desktop}
            max={240}
            onChange={(desktop) => onChange(k, { ...values[k], desktop })}
            testId={`${testId}-${k}-desktop`}
          />
          <div className="col-span-2 min-w-0 overflow-hidden sm:col-span-1 sm:self-center" aria-hidden="true">
            {sample(k)}
          </div>
        </div>
      ))}
    </div>
  );
}

const COLOR_OPTIONS = COLOR_KEYS.map((k) => [k, COLOR_LABELS[k]] as const);

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-0 text-sm">
      <label htmlFor={id} className="block font-semibold text-neutral-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 w-full rounded-lg border border-neutral-300 bg-white px-2 py-1.5"
      >
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

function ButtonRow({ k, value, onChange }: { k: ButtonKey; value: ButtonStyle; onChange: (b: ButtonStyle) => void }) {
  const set = (p: Partial<ButtonStyle>) => onChange({ ...value, ...p });
  return (
    <fieldset className="rounded-lg border border-neutral-200 p-3" data-testid={`design-button-${k}`}>
      <legend className="px-1 font-bold">Bouton {BUTTON_LABELS[k].toLowerCase()}</legend>
      <div className="grid grid-cols-2 items-end gap-3 md:grid-cols-6">
        <Select
          label="Fond"
          value={value.background}
          options={[["transparent", "Transparent"], ...COLOR_OPTIONS]}
          onChange={(v) => set({ background: v as ButtonStyle["background"] })}
        />
        <Select label="Texte" value={value.text} options={COLOR_OPTIONS} onChange={(v) => set({ text: v as ColorKey })} />
        <Select
          label="Bordure"
          value={value.border}
          options={[["none", "Aucune"], ...COLOR_OPTIONS]}
          onChange={(v) => set({ border: v as ButtonStyle["border"] })}
        />
        <Select
          label="Arrondi"
          value={value.radius}
          options={[["none", "Aucun"], ...RADIUS_KEYS.map((r) => [r, RADIUS_LABELS[r]] as const)]}
          onChange={(v) => set({ radius: v as ButtonStyle["radius"] })}
        />
        <NumberField label="Marge haut et bas" value={value.paddingY} max={64} onChange={(paddingY) => set({ paddingY })} />
        <NumberField label="Marge côtés" value={value.paddingX} max={96} onChange={(paddingX) => set({ paddingX })} />
      </div>
    </fieldset>
  );
}

/** The draft's variables set on a box, so the sample is drawn exactly as the public page draws it. */
function Preview({ design, theme }: { design: DesignSettings; theme: "light" | "dark" }) {
  const vars = designVariables(design, theme) as CSSProperties;
  return (
    <div
      style={{ ...vars, background: "var(--surface)", color: "var(--text)", fontFamily: "var(--font-body)" }}
      className="@container rounded-xl border border-neutral-200 p-5"
      data-testid={`design-preview-${theme}`}
    >
      <p className="text-xs font-bold uppercase tracking-wider" style={{ color: "var(--text-muted)" }}>
        {theme === "light" ? "Thème clair" : "Thème sombre"}
      </p>
      {/* --font-display is worked out on :root (app.css): the box's own --font-heading is read directly. */}
      <p className="font-extrabold" style={{ fontFamily: "var(--font-heading)", fontSize: "var(--ds-size-h2)", lineHeight: 1.15 }}>
        Un titre de section
      </p>
      <p style={{ fontSize: "var(--ds-size-body)", marginTop: "var(--ds-space-xs)" }}>Un paragraphe de texte, à la taille « Texte » du site.</p>
      <p style={{ fontSize: "var(--ds-size-small)", color: "var(--text-muted)" }}>Un texte secondaire, plus petit.</p>
      <div className="flex flex-wrap items-center gap-3" style={{ marginTop: "var(--ds-space-s)" }}>
        {BUTTON_KEYS.map((b) => (
          <span
            key={b}
            className="inline-block font-semibold"
            style={{
              background: `var(--ds-btn-${b}-bg)`,
              color: `var(--ds-btn-${b}-text)`,
              border: `var(--ds-btn-${b}-border)`,
              borderRadius: `var(--ds-btn-${b}-radius)`,
              padding: `var(--ds-btn-${b}-padding)`,
            }}
          >
            {BUTTON_LABELS[b]}
          </span>
        ))}
      </div>
      <div className="mt-4 grid grid-cols-3 gap-2">
        {(["surfaceAlt", "surfaceAccent", "surfaceTeal"] as const).map((s) => (
          <span
            key={s}
            className="rounded p-2 text-xs"
            style={{
              background: `var(--${s === "surfaceAlt" ? "surface-alt" : s === "surfaceAccent" ? "surface-accent" : "surface-teal"})`,
              border: "1px solid var(--border)",
            }}
          >
            {COLOR_LABELS[s]}
          </span>
        ))}
      </div>
    </div>
  );
}
