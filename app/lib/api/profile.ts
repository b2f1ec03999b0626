/** The browser side of /api/profile: the SPEC §8 message for each failure. */
import type { Profile, ProfileUpdate } from "../../../schema/api";
import { ApiError, api, handleUnauthorized } from "~/lib/api";
import { getToken } from "~/lib/auth";
import { STORAGE, safeLocalStorage } from "~/lib/storage-keys";

export interface ProfileResponse extends Profile {
  success: boolean;
  message: string;
}

/** GET /api/profile; the first name is kept for the greeting. */
export async function fetchProfile(): Promise<ProfileResponse> {
  if (!getToken()) {
    handleUnauthorized();
    throw new Error("No authentication token found");
  }
  let body: ProfileResponse;
  try {
    body = await api<ProfileResponse>("/profile");
  } catch (error) {
    if (error instanceof ApiError && (error.code === "unauthorized" || error.code === "forbidden")) {
      handleUnauthorized();
      throw new Error("Unauthorized: Please login again", { cause: error });
    }
    throw new Error("Failed to fetch profile data", { cause: error });
  }
  if (!body.success) throw new Error(body.message || "Failed to fetch profile");
  if (body.firstName) safeLocalStorage()?.setItem(STORAGE.userName, body.firstName);
  return body;
}

/** PUT /api/profile; answers the saved profile. */
export async function updateProfileRequest(changes: ProfileUpdate): Promise<ProfileResponse> {
  let profile: ProfileResponse;
  try {
    profile = await api<ProfileResponse>("/profile", { method: "PUT", body: changes });
  } catch (error) {
    if (error instanceof ApiError && (error.code === "unauthorized" || error.code === "forbidden")) throw new Error("Unauthorized: Please login again", { cause: error });
    if (error instanceof ApiError && error.code === "validation-failed") throw new Error(error.message, { cause: error });
    throw new Error("Failed to update profile", { cause: error });
  }
  if (profile.firstName) safeLocalStorage()?.setItem(STORAGE.userName, profile.firstName);
  return profile;
}
