import { clsx } from "clsx";

/**
 * The icons of the signed-in shell (the sidebar's entries, its toggle, the user menu's chevron and the
 * logo's mark), drawn once per page as symbols and referenced by each icon with <use> (decision 0070):
 * every signed-in page drew them as full SVGs through lucide-react's runtime, the toggle and the logo
 * twice (sidebar and phone header). The drawings are lucide's own (ISC licence) and the logo's; the
 * strokes lucide puts on each <svg> are the symbols' own, so an icon looks as it did.
 */
const STROKE = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

const SHAPES = {
  "layout-dashboard":
    '<rect width="7" height="9" x="3" y="3" rx="1"/><rect width="7" height="5" x="14" y="3" rx="1"/><rect width="7" height="9" x="14" y="12" rx="1"/><rect width="7" height="5" x="3" y="16" rx="1"/>',
  "trending-up": '<path d="M16 7h6v6"/><path d="m22 7-8.5 8.5-5-5L2 17"/>',
  search: '<path d="m21 21-4.34-4.34"/><circle cx="11" cy="11" r="8"/>',
  sparkles:
    '<path d="M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z"/><path d="M20 2v4"/><path d="M22 4h-4"/><circle cx="4" cy="20" r="2"/>',
  image: '<rect width="18" height="18" x="3" y="3" rx="2" ry="2"/><circle cx="9" cy="9" r="2"/><path d="m21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21"/>',
  list: '<path d="M3 5h.01"/><path d="M3 12h.01"/><path d="M3 19h.01"/><path d="M8 5h13"/><path d="M8 12h13"/><path d="M8 19h13"/>',
  store:
    '<path d="M15 21v-5a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v5"/><path d="M17.774 10.31a1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.451 0 1.12 1.12 0 0 0-1.548 0 2.5 2.5 0 0 1-3.452 0 1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.77-3.248l2.889-4.184A2 2 0 0 1 7 2h10a2 2 0 0 1 1.653.873l2.895 4.192a2.5 2.5 0 0 1-3.774 3.244"/><path d="M4 10.95V19a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8.05"/>',
  stethoscope: '<path d="M11 2v2"/><path d="M5 2v2"/><path d="M5 3H4a2 2 0 0 0-2 2v4a6 6 0 0 0 12 0V5a2 2 0 0 0-2-2h-1"/><path d="M8 15a6 6 0 0 0 12 0v-3"/><circle cx="20" cy="10" r="2"/>',
  "file-text":
    '<path d="M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2z"/><path d="M14 2v5a1 1 0 0 0 1 1h5"/><path d="M10 9H8"/><path d="M16 13H8"/><path d="M16 17H8"/>',
  "wand-sparkles":
    '<path d="m21.64 3.64-1.28-1.28a1.21 1.21 0 0 0-1.72 0L2.36 18.64a1.21 1.21 0 0 0 0 1.72l1.28 1.28a1.2 1.2 0 0 0 1.72 0L21.64 5.36a1.2 1.2 0 0 0 0-1.72"/><path d="m14 7 3 3"/><path d="M5 6v4"/><path d="M19 14v4"/><path d="M10 2v2"/><path d="M7 8H3"/><path d="M21 16h-4"/><path d="M11 3H9"/>',
  "chevrons-up-down": '<path d="m7 15 5 5 5-5"/><path d="m7 9 5-5 5 5"/>',
  "panel-left": '<rect width="18" height="18" x="3" y="3" rx="2"/><path d="M9 3v18"/>',
} as const;

export type ShellIconName = keyof typeof SHAPES;

/** The logo's mark (app/components/logo.tsx draws the same for the screens without the shell). */
const LOGO =
  '<symbol id="si-logo" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" class="fill-primary"/><path d="M9 9h8.5l6.5 6.5-8.5 8.5L9 17.5z" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round" class="text-primary-foreground"/><circle cx="13.2" cy="13.2" r="1.7" class="fill-primary-foreground"/></symbol>';

const SPRITE = (Object.entries(SHAPES) as [ShellIconName, string][]).map(([name, shapes]) => `<symbol id="si-${name}" viewBox="0 0 24 24" ${STROKE}>${shapes}</symbol>`).join("") + LOGO;

/** The symbols, once in the shell: written as one string (React renders one element, not a hundred). */
export function ShellIconSprite() {
  return <svg className="hidden" aria-hidden="true" data-testid="shell-icons" dangerouslySetInnerHTML={{ __html: SPRITE }} />;
}

/** One of the shell's icons, as lucide would size it (24 x 24 unless a class says otherwise); decorative. */
export function ShellIcon({ name, className }: { name: ShellIconName; className?: string }) {
  return (
    <svg width="24" height="24" className={clsx(`lucide lucide-${name}`, className)} aria-hidden="true">
      <use href={`#si-${name}`} />
    </svg>
  );
}

/** The logo's mark, from the sprite. */
export function ShellLogoMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8">
      <use href="#si-logo" />
    </svg>
  );
}
