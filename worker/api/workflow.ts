import { EtsyListingSchema, FinishWizardSchema, GeneratePdfSchema, OptimizePatternSchema, TechEditSchema, WIZARD_LIMITS } from "../../schema/api/workflow";
import { finishWizard, openPatternPdf, runEtsyListing, runGeneratePdf, runOptimizePattern, runTechEdit } from "../domain/wizard/workflow";
import { requireUser, requireVerifiedUser } from "../lib/auth";
import { json, readJson } from "../lib/http";
import { idempotent } from "../lib/idempotency";
import type { ApiRouter } from "./types";

/** Bodies carry a pattern of up to 80,000 characters, which may be 4 bytes each in UTF-8. */
const BODY_LIMIT = WIZARD_LIMITS.draftMax * 4 + 64 * 1024;

export function workflowRoutes(router: ApiRouter) {
  // Each step is idempotent under X-Request-ID: a retried request gets the first answer instead of a
  // second model call, a second PDF or a second quota unit.
  router.post("/workflow/optimize-pattern", async (request, env) => {
    const user = await requireVerifiedUser(request, env);
    const input = await readJson(request, OptimizePatternSchema, BODY_LIMIT);
    return idempotent(env, request, user.id, "workflow.optimize", async () => {
      const result = await runOptimizePattern(env, user, input);
      return { status: 200, body: { success: true, error: null, ...result } };
    });
  });

  // The tech-edit report alone: deterministic, no model, no quota unit, nothing stored.
  router.post("/workflow/tech-edit", async (request, env) => {
    await requireUser(request, env);
    const input = await readJson(request, TechEditSchema, BODY_LIMIT);
    return json({ success: true, data: runTechEdit(input) });
  });

  router.post("/workflow/generate-pdf", async (request, env) => {
    const user = await requireVerifiedUser(request, env);
    const input = await readJson(request, GeneratePdfSchema, BODY_LIMIT);
    return idempotent(env, request, user.id, "workflow.pdf", async () => {
      const result = await runGeneratePdf(env, user, input);
      return { status: 200, body: { success: true, error: null, ...result } };
    });
  });

  router.get("/workflow/pdf/:fileId", async (request, env) => {
    const user = await requireUser(request, env);
    const { file, object } = await openPatternPdf(env, user.id, String(request.params.fileId ?? ""));
    return new Response(object.body, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(object.size),
        "Content-Disposition": `attachment; filename="${file.name}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  });

  router.post("/workflow/etsy-listing", async (request, env) => {
    const user = await requireVerifiedUser(request, env);
    const input = await readJson(request, EtsyListingSchema, BODY_LIMIT);
    return idempotent(env, request, user.id, "workflow.listing", async () => {
      const result = await runEtsyListing(env, user, input);
      return { status: 200, body: { success: true, error: null, ...result } };
    });
  });

  router.post("/workflow/finish", async (request, env) => {
    const user = await requireUser(request, env);
    const input = await readJson(request, FinishWizardSchema, BODY_LIMIT);
    return idempotent(env, request, user.id, "workflow.finish", async () => {
      const listing = await finishWizard(env, user.id, input);
      return { status: 201, body: { success: true, message: "Listing saved to My Listings", data: { listing } } };
    });
  });
}
