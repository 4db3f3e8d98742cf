import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { profileSchema } from "../../shared/schemas/profile";
import { answer, client } from "../lib/api";
import { useSession } from "./use-session";

const profilesKey = ["profile"] as const;
export const profileKey = (userId: string | undefined) => [...profilesKey, userId] as const;

/** The signed-in user's profile (language, e-mail, operator role); loaded once per session. */
export function useProfile() {
  const { data: session } = useSession();
  const userId = session?.user.id;
  return useQuery({
    queryKey: profileKey(userId),
    queryFn: () => answer(client.api.profile.$get(), profileSchema),
    enabled: Boolean(userId),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Loads the profile again, e.g. once the e-mail address is confirmed (it is otherwise kept for the session). */
export function useRefreshProfile() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: profilesKey }), [queryClient]);
}
