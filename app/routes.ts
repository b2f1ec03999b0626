import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Exactly the SPEC §2 route table, plus the reset and verification screens of DESIGN §3 and the sign-out action (decision 0041). */
export default [
  index("routes/home.tsx"),
  route("landing", "routes/landing.tsx"),
  layout("routes/public-only-layout.tsx", [route("login", "routes/login.tsx"), route("register", "routes/register.tsx")]),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("logout", "routes/logout.tsx"),
  // The SEO table's CSV download posted without JavaScript: a file, not a screen (decision 0074).
  route("seo-keywords/csv", "routes/seo-keywords-csv.tsx"),
  layout("routes/app-layout.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("create", "routes/create.tsx"),
    route("optimize", "routes/optimize.tsx"),
    route("review", "routes/review.tsx"),
    route("listing-generation", "routes/listing-generation.tsx"),
    route("edit-image", "routes/edit-image.tsx"),
    route("edit-image-gpt", "routes/edit-image-gpt.tsx"),
    route("seo-keywords", "routes/seo-keywords.tsx"),
    route("advanced-keywords", "routes/advanced-keywords.tsx"),
    route("listings", "routes/listings.tsx"),
    route("listings/:id", "routes/listing-detail.tsx"),
    route("shop", "routes/shop.tsx"),
    route("shop/review", "routes/shop-review.tsx"),
    route("shop/:id", "routes/shop-listing.tsx"),
    route("audit", "routes/audit.tsx"),
    route("profile", "routes/profile.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
