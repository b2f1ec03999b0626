import { AccessibilityIcon, BookHeartIcon, CameraIcon, LightbulbIcon, TagsIcon, TrendingUpIcon, TypeIcon, type LucideIcon } from "lucide-react";
import { CarouselControls } from "~/components/landing/carousel-controls";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { type MessageKey, useT } from "~/lib/i18n";
import { useCarousel, useHoverFocusPause } from "~/lib/use-carousel";
import { cn } from "~/lib/utils";

export const TIP_INTERVAL_MS = 6000;

/** A tip (SPEC §3): id, icon, prefix, content; prefix and content are catalogue keys. */
interface Tip {
  id: string;
  icon: LucideIcon;
  prefix: MessageKey;
  content: MessageKey;
}

export const TIPS: Tip[] = (["title", "tags", "photos", "trends", "alt", "story"] as const).map((id, i) => ({
  id,
  icon: [TypeIcon, TagsIcon, CameraIcon, TrendingUpIcon, AccessibilityIcon, BookHeartIcon][i],
  prefix: `dashboard.tip.${id}.prefix`,
  content: `dashboard.tip.${id}.content`,
}));

/** Six tips, one every 6 s with wrap-around; held on hover or focus, and never moving under reduced motion. */
export function TipsCarousel() {
  const t = useT();
  const { paused, handlers } = useHoverFocusPause();
  const { index, goTo, next, previous } = useCarousel({ count: TIPS.length, intervalMs: TIP_INTERVAL_MS, paused });
  return (
    <Card className="h-full" data-testid="tips" data-index={index} data-paused={paused ? "true" : "false"} {...handlers}>
      <CardHeader className="flex flex-row items-center gap-2">
        <LightbulbIcon className="size-5 text-warning-foreground dark:text-warning" aria-hidden="true" />
        <CardTitle className="text-lg">{t("dashboard.tips.title")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-5">
        <div role="region" aria-roledescription="carousel" aria-label={t("dashboard.tips.title")} className="grid flex-1">
          {TIPS.map((tip, i) => {
            const active = i === index;
            const Icon = tip.icon;
            return (
              <div
                key={tip.id}
                role="group"
                aria-roledescription="slide"
                aria-label={t("dashboard.tips.position", { n: i + 1, total: TIPS.length })}
                aria-hidden={!active}
                data-testid={`tip-${tip.id}`}
                data-active={active ? "true" : "false"}
                className={cn(
                  "col-start-1 row-start-1 flex flex-col justify-center gap-4 rounded-lg bg-muted/50 p-6 transition-opacity duration-300",
                  active ? "opacity-100" : "pointer-events-none opacity-0",
                )}
              >
                <span className="flex size-11 items-center justify-center rounded-xl bg-card text-primary shadow-xs">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <p className="text-base leading-relaxed" aria-live={paused && active ? "polite" : undefined}>
                  <span className="font-semibold text-primary">{t(tip.prefix)}</span> {t(tip.content)}
                </p>
                <p className="text-xs font-medium text-muted-foreground">{t("dashboard.tips.position", { n: i + 1, total: TIPS.length })}</p>
              </div>
            );
          })}
        </div>
        <CarouselControls
          count={TIPS.length}
          index={index}
          onPrevious={previous}
          onNext={next}
          onSelect={goTo}
          previousLabel={t("dashboard.tips.previous")}
          nextLabel={t("dashboard.tips.next")}
          dotLabel={(n) => t("dashboard.tips.goTo", { n })}
          testId="tips"
        />
      </CardContent>
    </Card>
  );
}
