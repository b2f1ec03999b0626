import { EtsyListingSchema, FinishWizardSchema, GeneratePdfSchema, OptimizePatternSchema, TechEditSchema, WIZARD_LIMITS } from "../../schema/api/workflow";
import { finishWizard, openPatternPdf, runEtsyListing, runGeneratePdf, runOptimizePattern, runTechEdit } from "../domain/wizard/workflow";
import { cpuTurn } from "../lib/cpu-turns";
import { fileResponse } from "../lib/files";
import { json } from "../lib/http";
import { idempotent } from "../lib/idempotency";
import { route } from "./route";

/** Bodies carry a pattern of up to 80,000 characters, which may be 4 bytes each in UTF-8. */
const BODY_LIMIT = WIZARD_LIMITS.draftMax * 4 + 64 * 1024;

// Each step is idempotent under X-Request-ID: a retried request gets the first answer instead of a
// second model call, a second PDF or a second quota unit.
export const workflowRoutes = [
  route({
    method: "post",
    path: "/workflow/optimize-pattern",
    summary: "Wizard step 1: rewrite a pattern clearly",
    tag: "Wizard",
    auth: "verified",
    body: OptimizePatternSchema,
    bodyLimit: BODY_LIMIT,
    handler: ({ request, env, user, body }) =>
      idempotent(env, request, user.id, "workflow.optimize", async () => {
        const result = await runOptimizePattern(env, user, body);
        return { status: 200, body: { success: true, error: null, ...result } };
      }),
  }),

  // The tech-edit report alone: deterministic, no model, no quota unit, nothing stored.
  route({
    method: "post",
    path: "/workflow/tech-edit",
    summary: "Tech-edit report: stitch counts, abbreviations, terms, missing sections; free",
    tag: "Wizard",
    auth: "user",
    body: TechEditSchema,
    bodyLimit: BODY_LIMIT,
    handler: async ({ body }) => json({ success: true, data: await cpuTurn(() => runTechEdit(body)) }),
  }),

  route({
    method: "post",
    path: "/workflow/generate-pdf",
    summary: "Wizard step 2: format the draft and make the PDF",
    tag: "Wizard",
    auth: "verified",
    body: GeneratePdfSchema,
    bodyLimit: BODY_LIMIT,
    handler: ({ request, env, user, body }) =>
      idempotent(env, request, user.id, "workflow.pdf", async () => {
        const result = await runGeneratePdf(env, user, body);
        return { status: 200, body: { success: true, error: null, ...result } };
      }),
  }),

  route({
    method: "get",
    path: "/workflow/pdf/{fileId}",
    summary: "Download a pattern PDF",
    tag: "Wizard",
    auth: "user",
    produces: "application/pdf",
    handler: async ({ env, user, params }) => {
      const { file, object } = await openPatternPdf(env, user.id, String(params.fileId ?? ""));
      return fileResponse(object.body, { type: "application/pdf", name: file.name, size: object.size });
    },
  }),

  route({
    method: "post",
    path: "/workflow/etsy-listing",
    summary: "Wizard step 3: the listing for the digital pattern; one create-listing unit",
    tag: "Wizard",
    auth: "verified",
    body: EtsyListingSchema,
    bodyLimit: BODY_LIMIT,
    handler: ({ request, env, user, body }) =>
      idempotent(env, request, user.id, "workflow.listing", async () => {
        const result = await runEtsyListing(env, user, body);
        return { status: 200, body: { success: true, error: null, ...result } };
      }),
  }),

  route({
    method: "post",
    path: "/workflow/finish",
    summary: "Save the wizard's listing to My Listings, with its PDF",
    tag: "Wizard",
    auth: "user",
    body: FinishWizardSchema,
    bodyLimit: BODY_LIMIT,
    handler: ({ request, env, user, body }) =>
      idempotent(env, request, user.id, "workflow.finish", async () => {
        const listing = await finishWizard(env, user.id, body);
        return { status: 201, body: { success: true, message: "Listing saved to My Listings", data: { listing } } };
      }),
  }),
];
