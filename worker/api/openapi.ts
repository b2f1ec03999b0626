import { toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import { ERROR_CODES, HttpError } from "../lib/errors";
import { json } from "../lib/http";
import { route, type ApiRoute } from "./route";

function schemaOf(schema: v.GenericSchema) {
  // Transforms and custom checks have no JSON Schema form; they are documented by their messages.
  return toJsonSchema(schema, { errorMode: "ignore", target: "draft-2020-12" }) as Record<string, unknown>;
}

const ERROR = {
  type: "object",
  required: ["success", "code", "message"],
  properties: {
    success: { const: false },
    code: {
      type: "string",
      enum: Object.keys(ERROR_CODES),
      description: `Stable; branch on it, show the message. ${Object.entries(ERROR_CODES)
        .map(([code, meaning]) => `${code}: ${meaning}`)
        .join(". ")}.`,
    },
    message: { type: "string" },
    field: { type: "string", description: "validation-failed: the field the message is about" },
    quota: { $ref: "#/components/schemas/Quota" },
    retryAfter: { type: "integer", description: "rate-limited: seconds to wait (also in the Retry-After header)" },
    details: { type: "string", description: "image editor failures: more about what went wrong" },
  },
};

/** The OpenAPI 3.1 document of the routes: every path below /api, with its schemas. */
function openApiDocument(routes: readonly ApiRoute[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of routes) {
    const path = `/api${op.path}`;
    const auth = op.auth !== "none";
    const parameters: unknown[] = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    if (op.query) {
      const query = schemaOf(op.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) parameters.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema });
    }
    const errors: Record<string, unknown> = {};
    for (const status of ["400", ...(auth ? ["401"] : []), ...(op.auth === "verified" ? ["403"] : []), "404", "413", "415", "429", "500"]) {
      errors[status] = { description: STATUS_TEXT[status], content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
    }
    paths[path] ??= {};
    paths[path][op.method] = {
      operationId: `${op.method}${path.replace(/[^a-zA-Z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      summary: op.summary,
      tags: [op.tag],
      ...(auth ? { security: [{ bearer: [] }] } : { security: [] }),
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: !op.bodyOptional, content: { "application/json": { schema: schemaOf(op.body) } } } } : {}),
      responses: {
        "200": { description: "Success", content: { [op.produces ?? "application/json"]: { schema: op.produces ? {} : { type: "object", properties: { success: { const: true } } } } } },
        ...errors,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Listora API", version, description: "Every call of the Listora app. Errors share one shape: { success: false, code, message, ...extra }; code is stable (see the Error schema)." },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: {
        Error: ERROR,
        Quota: { type: "object", properties: { feature: { type: "string" }, used: { type: "integer" }, limit: { type: "integer" }, plan: { type: "string" } } },
      },
    },
    paths,
  };
}

const STATUS_TEXT: Record<string, string> = {
  "400": "Validation failed (the message names the field)",
  "401": "Missing or invalid token",
  "403": "Daily quota exhausted (code quota-exhausted, with quota), or an AI feature asked before the e-mail is confirmed (code email-unverified)",
  "404": "Not found, or not yours",
  "413": "Body too large",
  "415": "Wrong media type",
  "429": "Too many requests (Retry-After)",
  "500": "Unexpected server error (never a stack trace)",
};

const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

const DOCS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Listora API</title>
<link rel="stylesheet" href="/api-docs/swagger-ui.css"></head><body><div id="ui"></div>
<script src="/api-docs/swagger-ui-bundle.js"></script><script src="/api-docs/init.js"></script></body></html>`;

/**
 * The document and its viewer, as routes of the table they document. `routes` is read on each request,
 * so the table can hold these two entries itself.
 */
export function openApiRoutes(routes: () => readonly ApiRoute[]) {
  return [
    route({
      method: "get",
      path: "/openapi.json",
      summary: "This document (OpenAPI 3.1), built from the route table the API runs",
      tag: "Operations",
      auth: "none",
      handler: ({ env }) => json(openApiDocument(routes(), env.BUILD_VERSION || "dev"), { headers: { "Cache-Control": "public, max-age=300" } }),
    }),
    // The viewer is for developers: served only when API_DOCS_ENABLED is "true".
    route({
      method: "get",
      path: "/docs",
      summary: "A viewer of this document (404 unless API_DOCS_ENABLED is true)",
      tag: "Operations",
      auth: "none",
      produces: "text/html",
      handler: ({ env }) => {
        if (env.API_DOCS_ENABLED !== "true") throw new HttpError(404, "API endpoint not found");
        return new Response(DOCS_PAGE, {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Content-Security-Policy": DOCS_CSP,
          },
        });
      },
    }),
  ];
}
