/**
 * The Worker's structured log: one JSON line per event, `{ level, event, ...fields }`, which
 * Workers Logs (observability in wrangler.toml) indexes by field. Errors go to console.error,
 * warnings to console.warn, the rest to console.log.
 */
type LogFields = Record<string, unknown>;
type Level = "info" | "warn" | "error";

function write(level: Level, event: string, fields: LogFields = {}) {
  const line = JSON.stringify({ level, event, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

export const log = {
  info: (event: string, fields?: LogFields) => write("info", event, fields),
  warn: (event: string, fields?: LogFields) => write("warn", event, fields),
  error: (event: string, fields?: LogFields) => write("error", event, fields),
};
