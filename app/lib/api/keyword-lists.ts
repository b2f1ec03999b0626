/** The SEO screen's saved keyword lists (SPEC §7 '/api/keyword-lists'). */
import type { KeywordList, KeywordListSummary, SavedKeyword } from "../../../schema/api/keyword-lists";
import { api } from "~/lib/api";

export async function fetchKeywordLists(): Promise<KeywordListSummary[]> {
  const body = await api<{ data: { lists: KeywordListSummary[] } }>("/keyword-lists");
  return body.data.lists;
}

export async function fetchKeywordList(id: string): Promise<KeywordList> {
  return (await api<{ data: { list: KeywordList } }>(`/keyword-lists/${encodeURIComponent(id)}`)).data.list;
}

export async function createKeywordList(name: string, keywords: SavedKeyword[]): Promise<KeywordList> {
  return (await api<{ data: { list: KeywordList } }>("/keyword-lists", { method: "POST", body: { name, keywords } })).data.list;
}

export async function replaceKeywords(id: string, keywords: SavedKeyword[]): Promise<KeywordList> {
  return (await api<{ data: { list: KeywordList } }>(`/keyword-lists/${encodeURIComponent(id)}`, { method: "PUT", body: { keywords } })).data.list;
}

export async function deleteKeywordList(id: string): Promise<void> {
  await api(`/keyword-lists/${encodeURIComponent(id)}`, { method: "DELETE" });
}
