import { ImageIcon, SearchIcon, SparklesIcon } from "lucide-react";
import { Fragment, type CSSProperties, type ReactNode } from "react";
import { useT } from "~/lib/i18n";

/**
 * Self-made animated "videos" of the three tools: plain HTML + CSS keyframes, no media files and no
 * external URLs. Base styles are the finished frame, so with reduced motion (animations off) or while
 * the preview is off screen, it shows its result still.
 */
export const DEMO_CSS = `
@keyframes lp-reveal{0%,8%{clip-path:inset(0 100% 0 0)}32%,88%{clip-path:inset(0 0 0 0)}96%,100%{clip-path:inset(0 100% 0 0)}}
@keyframes lp-row{0%,30%{opacity:0;transform:translateY(6px)}38%,88%{opacity:1;transform:none}96%,100%{opacity:0;transform:none}}
@keyframes lp-grow{0%,34%{transform:scaleX(0)}50%,88%{transform:scaleX(1)}96%,100%{transform:scaleX(0)}}
@keyframes lp-pop{0%,55%{opacity:0;transform:scale(.6)}62%,88%{opacity:1;transform:none}96%,100%{opacity:0;transform:none}}
@keyframes lp-wipe{0%,15%{clip-path:inset(0 100% 0 0)}55%,85%{clip-path:inset(0 0 0 0)}95%,100%{clip-path:inset(0 100% 0 0)}}
@keyframes lp-divider{0%,15%{transform:translateX(0)}55%,85%{transform:translateX(100%)}95%,100%{transform:translateX(0)}}
.lp-type{animation:lp-reveal 7s steps(28,end) infinite both}
.lp-row{animation:lp-row 7s ease-out infinite both;animation-delay:calc(var(--i)*.25s)}
.lp-grow{transform-origin:left;animation:lp-grow 7s ease-out infinite both;animation-delay:calc(var(--i)*.25s)}
.lp-pop{animation:lp-pop 7s ease-out infinite both;animation-delay:calc(var(--i)*.15s)}
.lp-wipe{animation:lp-wipe 6s ease-in-out infinite both}
.lp-divider{transform:translateX(100%);animation:lp-divider 6s ease-in-out infinite both}
[data-play="false"] .lp-demo *{animation:none!important}
@media (prefers-reduced-motion:reduce){.lp-demo *{animation:none!important}}
`;

function Frame({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="lp-demo overflow-hidden rounded-xl border bg-card shadow-xl shadow-primary/5">
      <div className="flex items-center gap-2 border-b bg-muted/50 px-4 py-2.5">
        <span className="flex gap-1.5" aria-hidden="true">
          <span className="size-2.5 rounded-full bg-destructive/60" />
          <span className="size-2.5 rounded-full bg-warning/80" />
          <span className="size-2.5 rounded-full bg-success/70" />
        </span>
        <span className="ml-2 inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          {icon}
          {title}
        </span>
      </div>
      <div className="aspect-[16/11] p-4 sm:aspect-[16/9] sm:p-6">{children}</div>
    </div>
  );
}

const KEYWORD_ROWS = [
  { key: "kw1", popularity: 92, level: "medium" },
  { key: "kw2", popularity: 78, level: "low" },
  { key: "kw3", popularity: 64, level: "low" },
  { key: "kw4", popularity: 51, level: "high" },
] as const;

export function KeywordDemo() {
  const t = useT();
  return (
    <Frame title={t("landing.demo.keywords")} icon={<SearchIcon className="size-3.5" aria-hidden="true" />}>
      <div className="flex h-10 items-center gap-2 rounded-lg border bg-background px-3 text-sm">
        <SearchIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        <span className="lp-type whitespace-nowrap">{t("landing.demo.mock.search")}</span>
      </div>
      <div className="mt-4 grid grid-cols-[1.6fr_1fr_auto] gap-x-4 gap-y-2.5 text-xs sm:text-sm">
        <span className="font-medium text-muted-foreground">{t("landing.demo.mock.keyword")}</span>
        <span className="font-medium text-muted-foreground">{t("landing.demo.mock.popularity")}</span>
        <span className="font-medium text-muted-foreground">{t("landing.demo.mock.competition")}</span>
        {KEYWORD_ROWS.map((row, i) => (
          <Fragment key={row.key}>
            <span className="lp-row truncate font-medium" style={{ "--i": i } as CSSProperties}>
              {t(`landing.demo.mock.${row.key}`)}
            </span>
            <span className="flex items-center gap-2">
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-muted">
                <span className="lp-grow block h-2 rounded-full bg-primary" style={{ width: `${row.popularity}%`, "--i": i } as CSSProperties} />
              </span>
              <span className="lp-row w-6 text-right tabular-nums text-muted-foreground" style={{ "--i": i } as CSSProperties}>
                {row.popularity}
              </span>
            </span>
            <span
              className={
                "lp-row rounded-md px-2 py-0.5 text-center text-[11px] font-semibold " +
                (row.level === "low" ? "bg-success text-success-foreground" : row.level === "medium" ? "bg-warning text-warning-foreground" : "bg-destructive text-destructive-foreground")
              }
              style={{ "--i": i } as CSSProperties}
            >
              {t(`landing.demo.mock.${row.level}`)}
            </span>
          </Fragment>
        ))}
      </div>
    </Frame>
  );
}

export function ListingDemo() {
  const t = useT();
  return (
    <Frame title={t("landing.demo.listing")} icon={<SparklesIcon className="size-3.5" aria-hidden="true" />}>
      <div className="grid gap-4 text-sm">
        <div>
          <div className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t("landing.demo.mock.titleLabel")}</div>
          <p className="lp-type mt-1 line-clamp-2 font-semibold leading-snug" style={{ animationTimingFunction: "steps(60,end)" }}>
            {t("landing.demo.mock.titleText")}
          </p>
        </div>
        <div>
          <div className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t("landing.demo.mock.descriptionLabel")}</div>
          <div className="mt-2 grid gap-2" aria-hidden="true">
            {[100, 94, 97, 62].map((width, i) => (
              <span key={i} className="lp-grow block h-2 rounded-full bg-muted-foreground/25" style={{ width: `${width}%`, "--i": i + 1 } as CSSProperties} />
            ))}
          </div>
        </div>
        <div>
          <div className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t("landing.demo.mock.tagsLabel")}</div>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {([1, 2, 3, 4, 5] as const).map((n, i) => (
              <span key={n} className="lp-pop rounded-full border border-primary/30 bg-primary/10 px-2.5 py-0.5 text-xs font-medium text-primary" style={{ "--i": i } as CSSProperties}>
                {t(`landing.demo.mock.tag${n}`)}
              </span>
            ))}
            <span className="lp-pop rounded-full border px-2.5 py-0.5 text-xs text-muted-foreground" style={{ "--i": 5 } as CSSProperties}>
              +8
            </span>
          </div>
        </div>
      </div>
    </Frame>
  );
}

/** A moon pendant drawn in SVG; the "before" and "after" differ only in their backgrounds and light. */
function Pendant({ dim }: { dim?: boolean }) {
  return (
    <svg viewBox="0 0 120 120" className="h-full w-auto" aria-hidden="true" style={{ opacity: dim ? 0.75 : 1 }}>
      <path d="M30 8 Q60 58 90 8" fill="none" stroke="currentColor" strokeWidth="1.6" className="text-muted-foreground" />
      <circle cx="60" cy="58" r="4" fill="none" stroke="currentColor" strokeWidth="1.6" className="text-muted-foreground" />
      <path d="M74 70a24 24 0 1 1-20-22a19 19 0 1 0 20 22z" className="fill-muted-foreground/60" />
      <path d="M74 70a24 24 0 1 1-20-22a19 19 0 1 0 20 22z" fill="none" stroke="currentColor" strokeWidth="1.5" className="text-foreground/50" />
    </svg>
  );
}

export function ImageDemo() {
  const t = useT();
  return (
    <Frame title={t("landing.demo.image")} icon={<ImageIcon className="size-3.5" aria-hidden="true" />}>
      <div className="flex h-full flex-col gap-3">
        <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-primary/10 px-3 py-1 text-xs font-medium text-primary">
          <SparklesIcon className="size-3.5" aria-hidden="true" />
          {t("landing.demo.mock.instruction")}
        </p>
        <div className="relative min-h-0 flex-1 overflow-hidden rounded-lg border">
          {/* Before: a cluttered table top. */}
          <div className="absolute inset-0 bg-gradient-to-br from-warning/40 via-muted to-destructive/20">
            <span className="absolute left-[8%] top-[12%] size-16 rounded-full bg-success/30" />
            <span className="absolute bottom-[10%] right-[10%] h-10 w-24 rotate-12 rounded-md bg-primary/25" />
            <span className="absolute right-[22%] top-[8%] h-14 w-6 rounded-sm bg-muted-foreground/30" />
            <div className="absolute inset-0 flex items-center justify-center p-4">
              <Pendant dim />
            </div>
          </div>
          {/* After: a soft, clean studio background, revealed left to right. */}
          <div className="lp-wipe absolute inset-0 bg-gradient-to-b from-background to-muted">
            <div className="absolute inset-0 flex items-center justify-center p-4">
              <Pendant />
            </div>
          </div>
          <div className="lp-divider pointer-events-none absolute inset-0" aria-hidden="true">
            <span className="absolute inset-y-0 left-0 w-0.5 -translate-x-1/2 bg-primary shadow" />
          </div>
          <span className="absolute left-2 top-2 rounded bg-background/85 px-2 py-0.5 text-[11px] font-semibold">{t("landing.demo.mock.before")}</span>
          <span className="absolute right-2 top-2 rounded bg-primary px-2 py-0.5 text-[11px] font-semibold text-primary-foreground">{t("landing.demo.mock.after")}</span>
        </div>
      </div>
    </Frame>
  );
}
