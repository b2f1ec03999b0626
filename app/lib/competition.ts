import { competitionLevel, type CompetitionLevel } from "../../schema/api/keywords";

/**
 * SPEC §5 competition label: score >= 0.6 High, >= 0.3 Medium, else Low. The rule itself lives once in
 * schema/api/keywords.ts, so the server's `competitionLevel` and the screens' badges cannot disagree.
 */
export { competitionLevel, type CompetitionLevel };

/** Badge colour of a level: crowded is a warning sign for a seller, an open niche a good one. */
export function competitionBadgeVariant(level: CompetitionLevel): "destructive" | "warning" | "success" {
  if (level === "High") return "destructive";
  if (level === "Medium") return "warning";
  return "success";
}
