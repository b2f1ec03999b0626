/**
 * JSON schemas of the structured listing parts, for providers with schema-guided output (Workers
 * AI's JSON mode). Plain keywords only (type, properties, items, required): the guided decoder is
 * not documented to honour counts or lengths, and the rule enforcer repairs those anyway. Each is an
 * object at the top, the shape the parsers already read ({ tags }, { bullets }, { itemSpecifics }).
 */
const stringList = { type: "array", items: { type: "string" } } as const;

export const TAGS_SCHEMA: Record<string, unknown> = {
  type: "object",
  properties: { tags: stringList },
  required: ["tags"],
};

export const BULLETS_SCHEMA: Record<string, unknown> = {
  type: "object",
  properties: { bullets: stringList },
  required: ["bullets"],
};

export const ITEM_SPECIFICS_SCHEMA: Record<string, unknown> = {
  type: "object",
  properties: {
    itemSpecifics: {
      type: "array",
      items: { type: "object", properties: { name: { type: "string" }, value: { type: "string" } }, required: ["name", "value"] },
    },
  },
  required: ["itemSpecifics"],
};
