/**
 * Below 1024 px the builder's top bar, side panel and canvas do not fit side by side (issue 11 §6: "the top
 * bar works from 1024 px up"). Rather than a builder that spills or overlaps, a phone or a portrait tablet
 * gets this French notice with a way back; CSS alone switches between the two (`lg:` is 1024 px), so
 * turning a tablet or widening the window brings the builder back, as it was, with nothing lost.
 */
export function NarrowScreenNotice({ returnTo }: { returnTo: string | null }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-neutral-100 p-4 text-ink lg:hidden" lang="fr" data-testid="builder-narrow-notice">
      <div className="w-full max-w-md rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="text-xl font-bold leading-tight">Archimed a besoin d'un écran plus large</h1>
        <p className="mt-3 text-[15px] leading-relaxed text-neutral-700">
          Le constructeur de pages s'utilise sur un écran d'au moins 1024 pixels de large : un ordinateur, ou une tablette tenue à l'horizontale.
        </p>
        <p className="mt-2 text-[15px] leading-relaxed text-neutral-700">Agrandissez la fenêtre ou tournez l'écran : la page s'ouvrira là où vous en étiez.</p>
        <div className="mt-5 flex flex-wrap gap-2">
          <a
            href="/admin/archimed-pages"
            className="rounded-lg bg-brand-yellow px-4 py-2 font-bold text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
            data-action="narrow-back-to-pages"
          >
            Retour aux pages
          </a>
          {returnTo ? (
            <a
              href={returnTo}
              className="rounded-lg border border-neutral-300 px-4 py-2 font-semibold text-ink hover:border-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
            >
              Revenir à la page
            </a>
          ) : null}
        </div>
      </div>
    </main>
  );
}
