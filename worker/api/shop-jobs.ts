import { OptimizeRequestSchema, ProposalDecisionSchema, ShopExportQuerySchema } from "../../schema/api/shop";
import { shopExport } from "../domain/shop/export";
import { assertOptimizeAllowed, listJobs, readJob, startOptimizeJob, sweepJobIfStuck } from "../domain/shop/jobs";
import { acceptProposal, acceptProposals, rejectProposal, rejectProposals } from "../domain/shop/proposals";
import { assertWriteAllowed } from "../domain/storage/meter";
import { fileResponse } from "../lib/files";
import { json } from "../lib/http";
import { idempotent } from "../lib/idempotency";
import { route } from "./route";

/** My Shop: bulk optimize on Cloudflare Queues, its jobs, the review of proposals, the export back to Etsy (decision 0021). */
export const shopJobRoutes = [
  route({
    method: "post",
    path: "/shop/optimize",
    summary:
      "Optimize shop listings in bulk on Cloudflare Queues (202 { jobId, total, unchanged, inProgress }); one create-listing unit per writer run; listings unchanged since their last run or already in a running job are not queued again (409 with both lists when none is left); 10 requests per 10 minutes per user (429 + Retry-After); 404 when an id is not the caller's",
    tag: "Shop",
    auth: "verified",
    body: OptimizeRequestSchema,
    handler: ({ request, env, user, body: { ids } }) =>
      idempotent(env, request, user.id, "shop-optimize", async () => {
        await assertOptimizeAllowed(env, user.id);
        const started = await startOptimizeJob(env, env.SHOP_QUEUE, user, ids);
        return { status: 202, body: { success: true, message: `Optimizing ${started.total} listing${started.total === 1 ? "" : "s"}`, data: started } };
      }),
  }),

  route({
    method: "get",
    path: "/shop/jobs",
    summary: "The caller's 20 most recent optimize jobs, newest first (data.jobs)",
    tag: "Shop",
    auth: "user",
    handler: async ({ env, user }) => json({ success: true, data: { jobs: await listJobs(env.DB, user.id) } }),
  }),

  route({
    method: "get",
    path: "/shop/jobs/{id}",
    summary: "An optimize job: status, total, done, failed, stopReason and every listing's status, scores and error (a job stuck after a crash is swept first)",
    tag: "Shop",
    auth: "user",
    handler: async ({ env, user, params }) => {
      await sweepJobIfStuck(env, env.SHOP_QUEUE, user.id, params.id);
      return json({ success: true, data: await readJob(env.DB, user.id, params.id) });
    },
  }),

  route({
    method: "post",
    path: "/shop/listings/{id}/accept",
    summary: "Apply the listing's pending proposal as a new version (reason accept); 409 with the listing when it changed since; 404 without a proposal",
    tag: "Shop",
    auth: "user",
    guard: ({ env, user }) => assertWriteAllowed(env, user, "edit"),
    handler: async ({ env, user, params }) => {
      const data = await acceptProposal(env.DB, user.id, params.id);
      return json({ success: true, message: "Proposal accepted", data }, { headers: { ETag: `"${data.listing.version}"` } });
    },
  }),

  route({
    method: "post",
    path: "/shop/listings/{id}/reject",
    summary: "Reject the listing's pending proposal; the listing is unchanged",
    tag: "Shop",
    auth: "user",
    handler: async ({ env, user, params }) => {
      const proposal = await rejectProposal(env.DB, user.id, params.id);
      return json({ success: true, message: "Proposal rejected", data: { proposal } });
    },
  }),

  route({
    method: "post",
    path: "/shop/proposals/accept",
    summary: "Accept the pending proposals of { ids } or { all: true } (data: accepted, conflicts, missing)",
    tag: "Shop",
    auth: "user",
    body: ProposalDecisionSchema,
    guard: ({ env, user }) => assertWriteAllowed(env, user, "edit"),
    handler: async ({ env, user, body }) => {
      const data = await acceptProposals(env.DB, user.id, body);
      return json({ success: true, message: `${data.accepted.length} accepted`, data });
    },
  }),

  route({
    method: "post",
    path: "/shop/proposals/reject",
    summary: "Reject the pending proposals of { ids } or { all: true } (data: rejected, missing)",
    tag: "Shop",
    auth: "user",
    body: ProposalDecisionSchema,
    handler: async ({ env, user, body }) => {
      const data = await rejectProposals(env.DB, user.id, body);
      return json({ success: true, message: `${data.rejected.length} rejected`, data });
    },
  }),

  route({
    method: "get",
    path: "/shop/export.csv",
    summary:
      "The shop as a CSV: format=etsy (default) is Etsy's own listings file (TITLE ... SKU, as EtsyListingsDownload.csv; re-imports unchanged), format=changes the short file (SKU, original title, title, tags, description); scope=accepted (default: listings changed since import) or all",
    tag: "Shop",
    auth: "user",
    query: ShopExportQuerySchema,
    produces: "text/csv",
    handler: async ({ env, user, query }) => {
      const { body, name } = await shopExport(env.DB, user.id, query);
      return fileResponse(body, { type: "text/csv; charset=utf-8", name });
    },
  }),
];
