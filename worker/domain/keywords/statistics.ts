import type { AdvancedAnalysis, AnalysisTrend, CompetitionLevel, RelatedQuery } from "../../../schema/api/keywords";
import { MARKET_SEARCH_SCALE } from "../../providers/trends/sample-lexicon";
import type { TimelinePoint } from "../../providers/trends/types";

/** Change between the recent and the preceding window that counts as a trend, not noise. */
const TREND_THRESHOLD = 0.1;

/**
 * Trend, average, peak and count of an interest series. The trend compares the last sixth of the
 * series (two months of weekly points) with the sixth before it: sellers care where demand is going
 * now, not how this month compares with last year's.
 */
export function summariseTimeline(points: readonly TimelinePoint[]): AdvancedAnalysis["statistics"] {
  const values = points.map((p) => p.value);
  const total = values.length;
  if (total === 0) return { trend: "stable", averageInterest: 0, maxInterest: 0, totalDataPoints: 0 };
  const window = Math.max(1, Math.round(total / 6));
  const recent = mean(values.slice(-window));
  const before = mean(values.slice(-2 * window, -window));
  return {
    trend: trendOf(recent, before),
    averageInterest: Math.round(mean(values)),
    maxInterest: Math.max(...values),
    totalDataPoints: total,
  };
}

function trendOf(recent: number, before: number): AnalysisTrend {
  if (before <= 0) return recent > 0 ? "rising" : "stable";
  const change = (recent - before) / before;
  if (change > TREND_THRESHOLD) return "rising";
  if (change < -TREND_THRESHOLD) return "declining";
  return "stable";
}

/**
 * Monthly searches, estimated. Google Trends gives only relative interest, so the estimate scales the
 * average interest by the size of the market and by how specific the phrase is (each extra word narrows
 * it). Rounded to two significant figures: it is an order of magnitude, not a count.
 */
export function estimateSearchVolume(averageInterest: number, geo: string, keyword: string): number {
  const scale = MARKET_SEARCH_SCALE[geo] ?? 8_000;
  const words = keyword.trim().split(/\s+/).filter(Boolean).length || 1;
  const estimate = (averageInterest / 100) * scale * Math.pow(words, -1.5);
  return twoSignificant(estimate);
}

function twoSignificant(x: number) {
  if (x < 10) return Math.round(x);
  const magnitude = Math.pow(10, Math.floor(Math.log10(x)) - 1);
  return Math.round(x / magnitude) * magnitude;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

interface InsightFacts {
  keyword: string;
  statistics: AdvancedAnalysis["statistics"];
  timeline: readonly TimelinePoint[];
  competitionLevel: CompetitionLevel;
  activeListings: number | null;
  related: { top: RelatedQuery[]; rising: RelatedQuery[] };
  isFallback: boolean;
  competitionNote: string | null;
}

/** Plain sentences a seller can act on, built from the figures of the analysis. */
export function marketInsights(facts: InsightFacts): string[] {
  const out: string[] = [];
  const quoted = `"${facts.keyword}"`;
  const { trend, totalDataPoints } = facts.statistics;
  // When to list and where demand is going are claims about real searches: only a live interest series
  // makes them. The sample engine's curve is illustrative (decision 0016, issue #26), so it gives no timing
  // or growth advice; the screen still draws it, labelled as sample data.
  if (totalDataPoints > 0 && !facts.isFallback) {
    if (trend === "rising") out.push(`Interest in ${quoted} is rising: recent weeks are clearly above the weeks before. A good time to list or refresh listings.`);
    else if (trend === "declining") out.push(`Interest in ${quoted} is declining in recent weeks; lean on evergreen phrases and watch for the next seasonal peak.`);
    else out.push(`Interest in ${quoted} has been steady in recent weeks.`);
    const peak = facts.timeline.reduce((best, p) => (p.value > best.value ? p : best), facts.timeline[0]);
    const month = MONTHS[new Date(`${peak.date}T00:00:00Z`).getUTCMonth()];
    out.push(`Searches peaked around ${month}; publish or update listings a few weeks before that peak.`);
  } else if (totalDataPoints > 0) {
    out.push("The interest curve is sample data: it does not show when people search, so it gives no advice on when to list. A search-trends provider (SerpApi) shows the real season.");
  }
  const listings = facts.activeListings === null ? "" : ` (${facts.activeListings.toLocaleString("en-US")} active Etsy listings)`;
  if (facts.competitionLevel === "High") out.push(`Competition is high${listings}: longer, more specific phrases will be easier to rank for.`);
  else if (facts.competitionLevel === "Medium") out.push(`Competition is moderate${listings}: pair this phrase with a distinctive material, style or occasion.`);
  else out.push(`Competition is low${listings}: a well-tagged listing can stand out quickly.`);
  // Growth figures and what shoppers search are claims about real people: only Google's data makes them
  // (decision 0016); the sample engine's related phrases are shown, marked as samples, but not quoted here.
  if (!facts.isFallback) {
    const breakout = facts.related.rising.find((q) => q.value === "Breakout");
    const fastest = breakout ?? facts.related.rising[0];
    if (breakout) out.push(`"${breakout.query}" is a breakout search (growth of more than 5000%): consider it while it is new.`);
    else if (fastest) out.push(`"${fastest.query}" is the fastest-growing related search (+${fastest.value}%).`);
    const tops = facts.related.top.slice(0, 3).map((q) => `"${q.query}"`);
    if (tops.length > 0) out.push(`Shoppers also search ${tops.length > 1 ? `${tops.slice(0, -1).join(", ")} and ${tops.at(-1)}` : tops[0]}: worth trying as tags.`);
  }
  if (facts.competitionNote) out.push(facts.competitionNote);
  if (facts.isFallback) out.push("These figures come from Listora's offline sample engine, not from live search data.");
  return out;
}

function mean(values: readonly number[]) {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
