import { useQuery } from "@tanstack/react-query";
import { sessionSchema } from "../../shared/schemas/session";
import { api, isServiceUnavailable } from "../lib/api";

export const sessionQueryKey = ["session"] as const;

/** The signed-in user, or null; undefined while it loads. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async () => sessionSchema.parse(await api<unknown>("/api/auth/get-session")),
    staleTime: 5 * 60_000,
    // During a database outage the server answers 503: keep trying (with backoff) instead of giving up, which
    // would show the signed-out landing page.
    retry: (failureCount, error) => isServiceUnavailable(error) || failureCount < 3,
  });
}
