/** The signed-in user's profile, loaded with the account data of the app layout (decision 0024). */
import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import type { ProfileUpdate } from "../../schema/api";
import { forgetProfile, keepProfile, useAccountPart } from "./account";
import { updateProfileRequest, type ProfileResponse } from "./api/profile";

export type { ProfileResponse } from "./api/profile";

/** The profile; refetch() reads it from the server again. */
export function useProfile() {
  return useAccountPart((account) => account.profile, forgetProfile);
}

type MutateOptions = { onSuccess?: (profile: ProfileResponse) => void; onError?: (error: unknown) => void };

/** PUT /api/profile; the answer replaces the loaded profile (the screens revalidate without reading it again). */
export function useUpdateProfile() {
  const { revalidate } = useRevalidator();
  const [state, setState] = useState<{ isPending: boolean; variables?: ProfileUpdate; error: unknown }>({ isPending: false, error: null });
  const mutateAsync = useCallback(
    async (changes: ProfileUpdate) => {
      setState({ isPending: true, variables: changes, error: null });
      try {
        const profile = await updateProfileRequest(changes);
        keepProfile(profile);
        setState({ isPending: false, error: null });
        void revalidate();
        return profile;
      } catch (error) {
        setState({ isPending: false, variables: changes, error });
        throw error;
      }
    },
    [revalidate],
  );
  const mutate = useCallback(
    (changes: ProfileUpdate, options: MutateOptions = {}) => {
      mutateAsync(changes).then(options.onSuccess, (error: unknown) => options.onError?.(error));
    },
    [mutateAsync],
  );
  return { ...state, isError: state.error !== null, mutate, mutateAsync };
}
