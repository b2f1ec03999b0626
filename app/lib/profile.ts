import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Profile, ProfileUpdate } from "../../schema/api";
import { ApiError, api, handleUnauthorized } from "./api";
import { getToken } from "./auth";
import { STORAGE, safeLocalStorage } from "./storage-keys";

export const PROFILE_KEY = ["profile"] as const;

export interface ProfileResponse extends Profile {
  success: boolean;
  message: string;
}

/** GET /api/profile with the SPEC §8 messages for each failure. */
export async function fetchProfile(): Promise<ProfileResponse> {
  if (!getToken()) {
    handleUnauthorized();
    throw new Error("No authentication token found");
  }
  let body: ProfileResponse;
  try {
    body = await api<ProfileResponse>("/profile");
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      handleUnauthorized();
      throw new Error("Unauthorized: Please login again", { cause: error });
    }
    throw new Error("Failed to fetch profile data", { cause: error });
  }
  if (!body.success) throw new Error(body.message || "Failed to fetch profile");
  if (body.firstName) safeLocalStorage()?.setItem(STORAGE.userName, body.firstName);
  return body;
}

/** The profile, cached 5 min fresh and 10 min kept, no retry, no refetch on focus, mount or reconnect. */
export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: fetchProfile,
    enabled: typeof window !== "undefined" && !!getToken(),
    staleTime: 5 * 60 * 1000,
    gcTime: 10 * 60 * 1000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}

export async function updateProfileRequest(changes: ProfileUpdate): Promise<ProfileResponse> {
  try {
    return await api<ProfileResponse>("/profile", { method: "PUT", body: changes });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw new Error("Unauthorized: Please login again", { cause: error });
    if (error instanceof ApiError && error.status === 400 && typeof error.body?.message === "string") throw new Error(error.body.message, { cause: error });
    throw new Error("Failed to update profile", { cause: error });
  }
}

/** PUT /api/profile; the answer replaces the cached profile. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfileRequest,
    onSuccess: (profile) => {
      client.setQueryData(PROFILE_KEY, profile);
      if (profile.firstName) safeLocalStorage()?.setItem(STORAGE.userName, profile.firstName);
    },
  });
}
