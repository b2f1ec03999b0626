import type { IRequest, RouterType } from "itty-router";
import type { Env } from "../lib/env";

export type ApiRequest = IRequest;
export type ApiRouter = RouterType<ApiRequest, [Env, ExecutionContext]>;
