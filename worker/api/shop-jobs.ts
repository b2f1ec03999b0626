import { OptimizeRequestSchema, ProposalDecisionSchema } from "../../schema/api/shop";
import { changedShopListings, exportCsv, exportFileName } from "../domain/shop/export";
import { listJobs, readJob, startOptimizeJob } from "../domain/shop/jobs";
import { acceptProposal, acceptProposals, rejectProposal, rejectProposals } from "../domain/shop/proposals";
import { assertWriteAllowed } from "../domain/storage/meter";
import { requireUser, requireVerifiedUser } from "../lib/auth";
import { json, readJson } from "../lib/http";
import { idempotent } from "../lib/idempotency";
import type { ApiRouter } from "./types";

/** My Shop: bulk optimize on Cloudflare Queues, its jobs, the review of proposals, the export back to Etsy (decision 0021). */
export function shopJobRoutes(router: ApiRouter) {
  router.post("/shop/optimize", async (request, env) => {
    const user = await requireVerifiedUser(request, env);
    const { ids } = await readJson(request, OptimizeRequestSchema);
    return idempotent(env, request, user.id, "shop-optimize", async () => {
      const started = await startOptimizeJob(env, env.SHOP_QUEUE, user, ids);
      return { status: 202, body: { success: true, message: `Optimizing ${started.total} listing${started.total === 1 ? "" : "s"}`, data: started } };
    });
  });

  router.get("/shop/jobs", async (request, env) => {
    const user = await requireUser(request, env);
    return json({ success: true, data: { jobs: await listJobs(env.DB, user.id) } });
  });

  router.get("/shop/jobs/:id", async (request, env) => {
    const user = await requireUser(request, env);
    return json({ success: true, data: await readJob(env.DB, user.id, request.params.id) });
  });

  router.post("/shop/listings/:id/accept", async (request, env) => {
    const user = await requireUser(request, env);
    await assertWriteAllowed(env, user, "edit");
    const data = await acceptProposal(env.DB, user.id, request.params.id);
    return json({ success: true, message: "Proposal accepted", data }, { headers: { ETag: `"${data.listing.version}"` } });
  });

  router.post("/shop/listings/:id/reject", async (request, env) => {
    const user = await requireUser(request, env);
    const proposal = await rejectProposal(env.DB, user.id, request.params.id);
    return json({ success: true, message: "Proposal rejected", data: { proposal } });
  });

  router.post("/shop/proposals/accept", async (request, env) => {
    const user = await requireUser(request, env);
    await assertWriteAllowed(env, user, "edit");
    const decision = await readJson(request, ProposalDecisionSchema);
    const data = await acceptProposals(env.DB, user.id, decision);
    return json({ success: true, message: `${data.accepted.length} accepted`, data });
  });

  router.post("/shop/proposals/reject", async (request, env) => {
    const user = await requireUser(request, env);
    const decision = await readJson(request, ProposalDecisionSchema);
    const data = await rejectProposals(env.DB, user.id, decision);
    return json({ success: true, message: `${data.rejected.length} rejected`, data });
  });

  router.get("/shop/export.csv", async (request, env) => {
    const user = await requireUser(request, env);
    const body = exportCsv(await changedShopListings(env.DB, user.id));
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName()}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  });
}
