import { useQuery } from "@tanstack/react-query";
import { sessionSchema } from "../../shared/schemas/session";
import { api } from "../lib/api";

export const sessionQueryKey = ["session"] as const;

/** The signed-in user, or null; undefined while it loads. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async () => sessionSchema.parse(await api<unknown>("/api/auth/get-session")),
    staleTime: 5 * 60_000,
  });
}
