/** The profile as GET/PUT /api/profile answer it (read by the app layout's and /profile's server loaders). */
import type { Profile } from "../../../schema/api";

export interface ProfileResponse extends Profile {
  success: boolean;
  message: string;
}
