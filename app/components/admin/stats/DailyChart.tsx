import type { DailyViewsPoint } from "~/lib/api/analytics";

const W = 320;
const H = 120;
const dayLabel = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short", timeZone: "UTC" });
const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** Bars of views per day; the figure's label states the period, total and busiest day for screen readers. */
export function DailyChart({ points }: { points: DailyViewsPoint[] }) {
  if (points.length === 0) return null;
  const max = Math.max(1, ...points.map((p) => p.views));
  const total = points.reduce((s, p) => s + p.views, 0);
  const busiest = points.reduce((a, b) => (b.views > a.views ? b : a), points[0]);
  const step = W / points.length;
  const gap = Math.min(2, step * 0.2);
  const summary = `Vues par jour du ${label(points[0].day)} au ${label(points[points.length - 1].day)} : ${total} au total${total ? `, ${busiest.views} au plus le ${label(busiest.day)}` : ""}.`;
  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${W} ${H + 18}`} className="h-auto w-full" role="img" aria-label={summary} data-testid="daily-chart">
        <line x1="0" y1={H} x2={W} y2={H} stroke="#d4d4d4" />
        {points.map((p, i) => {
          const h = p.views === 0 ? 0 : Math.max(2, (p.views / max) * (H - 14));
          return (
            <rect
              key={p.day}
              x={i * step + gap / 2}
              y={H - h}
              width={Math.max(1, step - gap)}
              height={h}
              rx="1.5"
              fill="#2f7d72"
              data-day={p.day}
              data-views={p.views}
            >
              <title>{`${label(p.day)} : ${p.views} vue${p.views > 1 ? "s" : ""}`}</title>
            </rect>
          );
        })}
        <text x="0" y={H + 14} fontSize="10" fill="#525252">
          {label(points[0].day)}
        </text>
        <text x={W} y={H + 14} fontSize="10" fill="#525252" textAnchor="end">
          {label(points[points.length - 1].day)}
        </text>
        <text x="0" y="10" fontSize="10" fill="#525252">{`max ${max}`}</text>
      </svg>
      <figcaption className="mt-1 text-xs text-neutral-600">{`${total} vue${total > 1 ? "s" : ""} sur la période`}</figcaption>
    </figure>
  );
}
