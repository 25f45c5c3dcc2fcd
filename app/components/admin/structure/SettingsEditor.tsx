import type { SiteSettings } from "~/lib/content/settings";
import { TextField } from "~/components/kit/fields";

/** Seed 000 §3: phone, messaging number and address per language; one shared email; the social links. */
export function SettingsEditor({ settings, onChange }: { settings: SiteSettings; onChange: (s: SiteSettings) => void }) {
  const contact = (lang: "fr" | "en", key: keyof SiteSettings["contact"]["fr"], value: string) =>
    onChange({ ...settings, contact: { ...settings.contact, [lang]: { ...settings.contact[lang], [key]: value } } });
  return (
    <div className="space-y-6">
      <div className="grid gap-3 md:grid-cols-2">
        <TextField look="page" label="Nom du site" value={settings.siteName} maxLength={80} onChange={(siteName) => onChange({ ...settings, siteName })} />
        <TextField
          look="page"
          label="E-mail (commun aux deux langues)"
          type="email"
          value={settings.email}
          maxLength={200}
          onChange={(email) => onChange({ ...settings, email })}
          testId="settings-email"
        />
      </div>
      {(["fr", "en"] as const).map((lang) => (
        <fieldset key={lang} className="rounded-lg border border-neutral-200 p-3">
          <legend className="px-1 text-sm font-bold">{lang === "fr" ? "Site français (bureau de Paris)" : "Site anglais (bureau de Londres)"}</legend>
          <div className="grid gap-3 md:grid-cols-2">
            <TextField
              look="page"
              label="Téléphone"
              type="tel"
              value={settings.contact[lang].phone}
              maxLength={40}
              onChange={(v) => contact(lang, "phone", v)}
              testId={`settings-phone-${lang}`}
            />
            <TextField
              look="page"
              label="Numéro de messagerie (WhatsApp)"
              type="tel"
              value={settings.contact[lang].whatsapp}
              maxLength={40}
              onChange={(v) => contact(lang, "whatsapp", v)}
              hint={lang === "fr" ? "Indicatif 33 suivi d'au moins 8 chiffres." : "Indicatif 44 suivi d'au moins 7 chiffres."}
            />
            <TextField look="page" label="Adresse" value={settings.contact[lang].address} maxLength={300} onChange={(v) => contact(lang, "address", v)} />
            <TextField look="page" label="Ville" value={settings.contact[lang].city} maxLength={80} onChange={(v) => contact(lang, "city", v)} />
          </div>
        </fieldset>
      ))}
      <div className="grid gap-3 md:grid-cols-2">
        <TextField
          look="page"
          label="Facebook"
          type="url"
          value={settings.social.facebook}
          maxLength={500}
          onChange={(facebook) => onChange({ ...settings, social: { ...settings.social, facebook } })}
        />
        <TextField
          look="page"
          label="Instagram"
          type="url"
          value={settings.social.instagram}
          maxLength={500}
          onChange={(instagram) => onChange({ ...settings, social: { ...settings.social, instagram } })}
        />
      </div>
    </div>
  );
}
