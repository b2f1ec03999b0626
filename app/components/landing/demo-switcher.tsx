import { ImageIcon, PenLineIcon, SearchIcon } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useT } from "~/lib/i18n";
import { clsx } from "clsx";
import { DEMO_CSS, ImageDemo, KeywordDemo, ListingDemo } from "./demo-previews";

const DEMOS = [
  { id: "keywords", icon: SearchIcon, Preview: KeywordDemo },
  { id: "listing", icon: PenLineIcon, Preview: ListingDemo },
  { id: "image", icon: ImageIcon, Preview: ImageDemo },
] as const;

/** The feature "video" switcher: tabs (arrow keys move between them) over animated previews. */
export function DemoSwitcher() {
  const t = useT();
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const { Preview } = DEMOS[active];
  const panel = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  // Play the animations only while the preview is on screen: no work (and nothing moving) elsewhere.
  useEffect(() => {
    const element = panel.current;
    if (!element || typeof IntersectionObserver === "undefined") return setVisible(true);
    const observer = new IntersectionObserver(([entry]) => setVisible(entry.isIntersecting), { threshold: 0.2 });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next: number | null = null;
    if (event.key in moves) next = (active + moves[event.key] + DEMOS.length) % DEMOS.length;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = DEMOS.length - 1;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    tabs.current[next]?.focus();
  }

  return (
    <section className="border-y bg-muted/40 py-16 sm:py-24" aria-labelledby="demo-title">
      <style>{DEMO_CSS}</style>
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
        <div>
          <h2 id="demo-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t("landing.demo.title")}
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">{t("landing.demo.subtitle")}</p>
          <div role="tablist" aria-label={t("landing.demo.tabs")} aria-orientation="vertical" className="mt-8 grid gap-2" onKeyDown={onKeyDown}>
            {DEMOS.map(({ id, icon: Icon }, i) => {
              const selected = i === active;
              return (
                <button
                  key={id}
                  ref={(el) => {
                    tabs.current[i] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`demo-tab-${id}`}
                  aria-selected={selected}
                  aria-controls="demo-panel"
                  tabIndex={selected ? 0 : -1}
                  onClick={() => setActive(i)}
                  data-testid={`demo-tab-${id}`}
                  className={clsx(
                    "flex w-full items-start gap-3 rounded-xl border p-4 text-left outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring",
                    selected ? "border-primary/40 bg-card shadow-sm" : "border-transparent hover:bg-card/60",
                  )}
                >
                  <span className={clsx("flex size-9 shrink-0 items-center justify-center rounded-lg", selected ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground")}>
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <span>
                    <span className="block font-semibold">{t(`landing.demo.${id}`)}</span>
                    <span className="mt-0.5 block text-sm text-muted-foreground">{t(`landing.demo.${id}.caption`)}</span>
                  </span>
                </button>
              );
            })}
          </div>
        </div>
        <div ref={panel} data-play={visible ? "true" : "false"} id="demo-panel" role="tabpanel" aria-labelledby={`demo-tab-${DEMOS[active].id}`} data-testid="demo-panel" data-demo={DEMOS[active].id}>
          <Preview key={DEMOS[active].id} />
        </div>
      </div>
    </section>
  );
}
