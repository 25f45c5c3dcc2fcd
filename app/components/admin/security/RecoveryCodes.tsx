/** The ten recovery codes, shown once after an enrolment, with a .txt download. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }) {
  const text = `Codes de secours Archimed (chacun ne sert qu'une fois)\n\n${codes.join("\n")}\n`;
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div data-testid="recovery-codes">
      <h2 className="text-lg font-bold">Codes de secours</h2>
      <p className="mt-2 text-sm text-neutral-700">
        {`Gardez-les en lieu sûr\u202f: chacun permet une connexion si vous perdez votre téléphone. Ils ne seront plus affichés.`}
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c} className="rounded bg-neutral-100 px-2 py-1 text-center" data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={href}
          download="codes-de-secours-archimed.txt"
          className="rounded-full border border-neutral-300 px-4 py-2 text-sm font-semibold hover:bg-neutral-50"
        >
          Télécharger (.txt)
        </a>
        <button type="button" onClick={onDone} className="rounded-full bg-brand-yellow px-5 py-2 text-sm font-bold text-ink" data-testid="recovery-done">
          {doneLabel}
        </button>
      </div>
    </div>
  );
}
