// The variables `npm start` hands to the local Worker: .dev.vars, then every provider setting found
// in the process environment (which wins), then the mark that this run cannot use Workers AI.
// Values are written to a private file (mode 0600) that wrangler reads, never to the command line
// or the terminal: wrangler shows them as "(hidden)".

/**
 * Every provider setting the Worker reads, by kind. `REMOVE_BG_API_KEY=... npm start` works for each
 * of them. README "Configuration" and .dev.vars.example describe them.
 */
export const PROVIDER_VARS = Object.freeze({
  llm: ["LLM_PROVIDER", "LLM_MODEL", "LLM_BASE_URL", "DEEPSEEK_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL", "WORKERS_AI_ENABLED", "WORKERS_AI_MODEL"],
  trends: ["TRENDS_PROVIDER", "SERPAPI_API_KEY", "ETSY_API_KEY", "ETSY_SHARED_SECRET", "ETSY_API_URL"],
  volumes: ["DATAFORSEO_LOGIN", "DATAFORSEO_PASSWORD", "DATAFORSEO_API_URL"],
  cutouts: ["REMOVE_BG_API_KEY", "REMOVE_BG_API_URL", "PHOTOROOM_API_KEY", "PHOTOROOM_API_URL"],
  images: ["IMAGE_PROVIDER", "OPENAI_IMAGE_MODEL", "WORKERS_AI_IMAGE_MODEL"],
  mail: ["MAIL_PROVIDER", "MAIL_FROM", "RESEND_API_KEY", "RESEND_BASE_URL"],
  billing: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ID", "STRIPE_API_URL"],
});

export const PROVIDER_VAR_NAMES = Object.freeze(Object.values(PROVIDER_VARS).flat());

/**
 * `wrangler dev --local` gives the Worker an AI binding that cannot run models ("Binding AI needs to
 * be run remotely"): the Worker keeps the offline composer when it sees this (decision 0020).
 */
export const LOCAL_MARK = Object.freeze({ WORKERS_AI_LOCAL: "unavailable" });

/** The provider settings present in `processEnv` (set, even to ""), in PROVIDER_VAR_NAMES order. */
/**
 * @param {Record<string, string | undefined>} processEnv
 * @returns {Record<string, string>}
 */
export function providerVarsFrom(processEnv) {
  /** @type {Record<string, string>} */
  const found = {};
  for (const name of PROVIDER_VAR_NAMES) {
    const value = processEnv[name];
    if (typeof value === "string") found[name] = value;
  }
  return found;
}

/**
 * A value as a .dev.vars (dotenv) line keeps it: bare when it has nothing dotenv reads specially,
 * else in the first quotes it does not contain (double quotes turn a line break into \n).
 *
 * @param {string} name
 * @param {string} value
 */
export function devVarLine(name, value) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`${name} is not a variable name`);
  if (/^[^\s#"'`\\]*$/.test(value)) return `${name}=${value}`;
  if (!/[\r\n']/.test(value)) return `${name}='${value}'`;
  if (!/["\\]/.test(value) && !/\r/.test(value)) return `${name}="${value.replace(/\n/g, "\\n")}"`;
  if (!/[\r\n`]/.test(value)) return `${name}=\`${value}\``;
  // Never the value: this is printed.
  throw new Error(`${name} mixes quotes and line breaks in a way .dev.vars cannot hold; set it in .dev.vars yourself`);
}

/**
 * The text of the file wrangler reads: .dev.vars as written (comments and all), then the provider
 * settings of the process environment, then the local mark. dotenv keeps the LAST value of a name,
 * so what comes later wins. Answers the text and the names taken from the environment (names only:
 * the caller may print them).
 *
 * @param {string | null | undefined} devVarsText
 * @param {Record<string, string | undefined>} processEnv
 */
export function buildDevVars(devVarsText, processEnv) {
  const fromEnv = providerVarsFrom(processEnv);
  const lines = [];
  const base = devVarsText ?? "";
  if (base) lines.push(base.endsWith("\n") ? base.slice(0, -1) : base);
  const names = Object.keys(fromEnv);
  if (names.length) {
    lines.push("", "# From the environment of `npm start` (it wins over the lines above).");
    for (const name of names) lines.push(devVarLine(name, fromEnv[name]));
  }
  lines.push("", "# Written by `npm start`: wrangler dev --local cannot run Workers AI models.");
  for (const [name, value] of Object.entries(LOCAL_MARK)) lines.push(devVarLine(name, value));
  return { text: `${lines.join("\n")}\n`, fromEnv: names };
}

/**
 * Reads dotenv text the way wrangler does for the names and values this file writes (bare, '...',
 * "..." with \n, `...`, # comments); the last value of a name wins. For tests and checks.
 *
 * @param {string} text
 */
export function parseDevVars(text) {
  /** @type {Record<string, string>} */
  const vars = {};
  const line = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*('(?:\\'|[^'])*'|"(?:\\"|[^"])*"|`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?$/gm;
  for (const match of text.matchAll(line)) {
    let value = (match[2] ?? "").trim();
    const quote = value[0];
    if ((quote === "'" || quote === '"' || quote === "`") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\n/g, "\n").replace(/\\r/g, "\r");
    }
    vars[match[1]] = value;
  }
  return vars;
}
