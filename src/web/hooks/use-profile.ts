import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api";
import { asProfile } from "../lib/wire-schemas";
import { useSession } from "./use-session";

export const profileKey = (userId: string | undefined) => ["profile", userId] as const;

/** The signed-in user's profile (language, e-mail, operator role); loaded once per session. */
export function useProfile() {
  const { data: session } = useSession();
  const userId = session?.user.id;
  return useQuery({
    queryKey: profileKey(userId),
    queryFn: async () => asProfile(await api<unknown>("/api/profile")),
    enabled: Boolean(userId),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
