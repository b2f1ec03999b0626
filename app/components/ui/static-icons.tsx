/**
 * The few icons of the landing page's first screen and the theme toggle, as plain SVG components: the
 * same markup lucide-react renders (its paths, ISC licence), without its icon runtime, so the first
 * screen's JavaScript carries no icon library (decision 0056). Everything else keeps lucide-react.
 */
type Shape = string | readonly [cx: number, cy: number, r: number];

function staticIcon(name: string, shapes: readonly Shape[]) {
  function StaticIcon({ className }: { className?: string }) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
        aria-hidden="true"
      >
        {shapes.map((shape, i) => (typeof shape === "string" ? <path key={i} d={shape} /> : <circle key={i} cx={shape[0]} cy={shape[1]} r={shape[2]} />))}
      </svg>
    );
  }
  return StaticIcon;
}

export const MenuIcon = staticIcon("menu", ["M4 5h16", "M4 12h16", "M4 19h16"]);
export const XIcon = staticIcon("x", ["M18 6 6 18", "m6 6 12 12"]);
export const SunIcon = staticIcon("sun", [
  [12, 12, 4],
  "M12 2v2",
  "M12 20v2",
  "m4.93 4.93 1.41 1.41",
  "m17.66 17.66 1.41 1.41",
  "M2 12h2",
  "M20 12h2",
  "m6.34 17.66-1.41 1.41",
  "m19.07 4.93-1.41 1.41",
]);
export const MoonIcon = staticIcon("moon", ["M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401"]);
export const SparklesIcon = staticIcon("sparkles", [
  "M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z",
  "M20 2v4",
  "M22 4h-4",
  [4, 20, 2],
]);
export const ArrowRightIcon = staticIcon("arrow-right", ["M5 12h14", "m12 5 7 7-7 7"]);
export const CheckIcon = staticIcon("check", ["M20 6 9 17l-5-5"]);
export const ClockIcon = staticIcon("clock", [[12, 12, 10], "M12 6v6l4 2"]);
