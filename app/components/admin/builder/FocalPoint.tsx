/**
 * The focal point of a background image (issue 21): a click on the thumbnail places it, stored as x/y %
 * and rendered as object-position, so that point stays in view however narrow or wide the page is.
 * The arrow keys move it by 5 % for those who do not point.
 */
export function FocalPoint({ image, x, y, onChange }: { image: string; x: number; y: number; onChange: (x: number, y: number) => void }) {
  const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));
  return (
    <div className="text-sm">
      <p className="font-semibold text-neutral-700">Point focal&#8239;: cliquez sur ce qui doit rester visible</p>
      <button
        type="button"
        className="relative mt-1 block w-full overflow-hidden rounded border border-neutral-300"
        aria-label={`Point focal : ${x} % depuis la gauche, ${y} % depuis le haut (flèches pour le déplacer)`}
        onClick={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          onChange(clamp(((e.clientX - r.left) / r.width) * 100), clamp(((e.clientY - r.top) / r.height) * 100));
        }}
        onKeyDown={(e) => {
          const step = { ArrowLeft: [-5, 0], ArrowRight: [5, 0], ArrowUp: [0, -5], ArrowDown: [0, 5] }[e.key];
          if (!step) return;
          e.preventDefault();
          onChange(clamp(x + step[0]), clamp(y + step[1]));
        }}
        data-testid="focal-point"
      >
        <img src={image} alt="" className="block h-auto w-full" />
        <span
          className="pointer-events-none absolute h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-teal shadow"
          style={{ left: `${x}%`, top: `${y}%` }}
          aria-hidden="true"
          data-focal-marker
        />
      </button>
      <p className="mt-1 text-xs text-neutral-600">
        {x}&#8239;% depuis la gauche, {y}&#8239;% depuis le haut
      </p>
    </div>
  );
}
