import type { IRequest, RouterType } from "itty-router";
import type { Env } from "../lib/env";

export type ApiRequest = IRequest;
export type ApiRouter = RouterType<ApiRequest, [Env, ExecutionContext]>;
export type Handler = (request: ApiRequest, env: Env, ctx: ExecutionContext) => Promise<Response> | Response;
