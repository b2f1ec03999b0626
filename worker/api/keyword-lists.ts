import { CreateKeywordListSchema, KEYWORD_LIST_LIMITS, UpdateKeywordListSchema } from "../../schema/api/keyword-lists";
import { createKeywordList, deleteKeywordList, getKeywordList, listKeywordLists, updateKeywordList } from "../domain/keyword-lists/lists";
import { json } from "../lib/http";
import { route } from "./route";

/** Saved keyword lists: the caller's own, nobody else's (decision 0019). */
export const keywordListRoutes = [
  route({
    method: "get",
    path: "/keyword-lists",
    summary: "The caller's saved keyword lists (data.lists: id, name, count, createdAt, updatedAt)",
    tag: "Keywords",
    auth: "user",
    handler: async ({ env, user }) => {
      const lists = await listKeywordLists(env.DB, user.id);
      return json({ success: true, data: { lists, limits: KEYWORD_LIST_LIMITS } });
    },
  }),

  route({
    method: "post",
    path: "/keyword-lists",
    summary: "Save a keyword list { name (1-60), keywords (up to 200, each 1-100 characters; duplicates dropped) }; 400 past 50 lists; 409 when the name is taken",
    tag: "Keywords",
    auth: "user",
    body: CreateKeywordListSchema,
    handler: async ({ env, user, body }) => {
      const list = await createKeywordList(env.DB, user.id, body);
      return json({ success: true, message: "Keyword list saved", data: { list } }, { status: 201 });
    },
  }),

  route({
    method: "get",
    path: "/keyword-lists/{id}",
    summary: "One of the caller's keyword lists with its keywords (404 for anyone else's)",
    tag: "Keywords",
    auth: "user",
    handler: async ({ env, user, params }) => {
      const list = await getKeywordList(env.DB, user.id, params.id);
      return json({ success: true, data: { list } });
    },
  }),

  route({
    method: "put",
    path: "/keyword-lists/{id}",
    summary: "Rename a keyword list and/or replace its keywords",
    tag: "Keywords",
    auth: "user",
    body: UpdateKeywordListSchema,
    handler: async ({ env, user, params, body }) => {
      const list = await updateKeywordList(env.DB, user.id, params.id, body);
      return json({ success: true, message: "Keyword list updated", data: { list } });
    },
  }),

  route({
    method: "delete",
    path: "/keyword-lists/{id}",
    summary: "Delete one of the caller's keyword lists",
    tag: "Keywords",
    auth: "user",
    handler: async ({ env, user, params }) => {
      await deleteKeywordList(env.DB, user.id, params.id);
      return json({ success: true, message: "Keyword list deleted" });
    },
  }),
];
