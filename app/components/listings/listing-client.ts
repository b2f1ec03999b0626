/** Moved to ~/lib/api/listings (decision 0024); kept only until the create screens import it from there. */
export * from "~/lib/api/listings";
