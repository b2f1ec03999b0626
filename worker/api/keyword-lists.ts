import { CreateKeywordListSchema, KEYWORD_LIST_LIMITS, UpdateKeywordListSchema } from "../../schema/api/keyword-lists";
import { createKeywordList, deleteKeywordList, getKeywordList, listKeywordLists, updateKeywordList } from "../domain/keyword-lists/lists";
import { requireUser } from "../lib/auth";
import { json, readJson } from "../lib/http";
import type { ApiRouter } from "./types";

/** Saved keyword lists: the caller's own, nobody else's (decision 0019). */
export function keywordListRoutes(router: ApiRouter) {
  router.get("/keyword-lists", async (request, env) => {
    const user = await requireUser(request, env);
    const lists = await listKeywordLists(env.DB, user.id);
    return json({ success: true, data: { lists, limits: KEYWORD_LIST_LIMITS } });
  });

  router.post("/keyword-lists", async (request, env) => {
    const user = await requireUser(request, env);
    const input = await readJson(request, CreateKeywordListSchema);
    const list = await createKeywordList(env.DB, user.id, input);
    return json({ success: true, message: "Keyword list saved", data: { list } }, { status: 201 });
  });

  router.get("/keyword-lists/:id", async (request, env) => {
    const user = await requireUser(request, env);
    const list = await getKeywordList(env.DB, user.id, request.params.id);
    return json({ success: true, data: { list } });
  });

  router.put("/keyword-lists/:id", async (request, env) => {
    const user = await requireUser(request, env);
    const input = await readJson(request, UpdateKeywordListSchema);
    const list = await updateKeywordList(env.DB, user.id, request.params.id, input);
    return json({ success: true, message: "Keyword list updated", data: { list } });
  });

  router.delete("/keyword-lists/:id", async (request, env) => {
    const user = await requireUser(request, env);
    await deleteKeywordList(env.DB, user.id, request.params.id);
    return json({ success: true, message: "Keyword list deleted" });
  });
}
