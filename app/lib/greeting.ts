/**
 * The dashboard's time-of-day greeting (SPEC §9): the hour picks a band (05-11 morning, 12-16 afternoon,
 * 17-21 evening, otherwise night); then a 30 % chance of a weekday line, otherwise a 50 % chance of a
 * generic line, otherwise the band's own line. Pure, so the randomness is injected and testable.
 */
type GreetingBand = "morning" | "afternoon" | "evening" | "night";
type GreetingKind = "weekday" | "generic" | "band";

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
const GENERIC_LINES = 3;
const GENERIC = [0, 1, 2] as const satisfies readonly number[] & { length: typeof GENERIC_LINES };

type GreetingLine = `dashboard.greeting.band.${GreetingBand}` | `dashboard.greeting.weekday.${(typeof WEEKDAYS)[number]}` | `dashboard.greeting.generic.${(typeof GENERIC)[number]}`;

export interface Greeting {
  kind: GreetingKind;
  band: GreetingBand;
  /** Catalogue key of the line; with a name, the ".named" variant is used and {name} filled. */
  key: GreetingLine;
  name: string | null;
}

export function greetingBand(hour: number): GreetingBand {
  if (hour >= 5 && hour <= 11) return "morning";
  if (hour >= 12 && hour <= 16) return "afternoon";
  if (hour >= 17 && hour <= 21) return "evening";
  return "night";
}

function cleanName(name: string | null | undefined) {
  const trimmed = name?.trim();
  return trimmed ? trimmed : null;
}

/** The band line alone: what the server renders, since it cannot know the visitor's dice or name. */
export function bandGreeting(date: Date, name?: string | null): Greeting {
  const band = greetingBand(date.getHours());
  return { kind: "band", band, key: `dashboard.greeting.band.${band}`, name: cleanName(name) };
}

/** Draws with `random` (0 <= x < 1): first the 30 % weekday chance, then 50 % generic, then which generic line. */
export function pickGreeting(date: Date, random: () => number, name?: string | null): Greeting {
  const band = greetingBand(date.getHours());
  const who = cleanName(name);
  if (random() < 0.3) {
    return { kind: "weekday", band, key: `dashboard.greeting.weekday.${WEEKDAYS[date.getDay()]}`, name: who };
  }
  if (random() < 0.5) {
    const line = Math.min(GENERIC_LINES - 1, Math.floor(random() * GENERIC_LINES));
    return { kind: "generic", band, key: `dashboard.greeting.generic.${GENERIC[line]}`, name: who };
  }
  return { kind: "band", band, key: `dashboard.greeting.band.${band}`, name: who };
}

/** The catalogue key to show: lines with a name have their own wording. */
export function greetingKey(greeting: Greeting): GreetingLine | `${GreetingLine}.named` {
  return greeting.name ? `${greeting.key}.named` : greeting.key;
}
