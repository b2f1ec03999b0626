import { authRoutes } from "./auth";
import { billingRoutes } from "./billing";
import { healthRoutes } from "./health";
import { imageRoutes } from "./images";
import { keywordListRoutes } from "./keyword-lists";
import { keywordRoutes } from "./keywords";
import { listingRoutes } from "./listings";
import { onboardingRoutes } from "./onboarding";
import { openApiRoutes } from "./openapi";
import { profileRoutes } from "./profile";
import { quotaRoutes } from "./quota";
import type { ApiRoute } from "./route";
import { shopRoutes } from "./shop";
import { shopEtsyRoutes } from "./shop-etsy";
import { shopJobRoutes } from "./shop-jobs";
import { shopSalesRoutes } from "./shop-sales";
import { workflowRoutes } from "./workflow";

/**
 * Every endpoint of /api, in the order itty matches them (a fixed path before a parameter in the same
 * place: /listings/export before /listings/{id}). The router registers exactly these and the OpenAPI
 * document describes exactly these (decision 0025); a feature adds its table here.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  ...healthRoutes,
  ...openApiRoutes(() => API_ROUTES),
  ...authRoutes,
  ...profileRoutes,
  ...billingRoutes,
  ...onboardingRoutes,
  ...quotaRoutes,
  ...keywordRoutes,
  ...keywordListRoutes,
  ...listingRoutes,
  ...workflowRoutes,
  ...imageRoutes,
  ...shopRoutes,
  ...shopSalesRoutes,
  ...shopEtsyRoutes,
  ...shopJobRoutes,
];
