import { queryOptions, useQuery } from "@tanstack/react-query";
import { sessionSchema } from "../../shared/schemas/session";
import { answer, isServiceUnavailable } from "../lib/api";
import { getSession } from "../lib/auth-client";

export const sessionQueryKey = ["session"] as const;

export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: () => answer(getSession(), sessionSchema),
  staleTime: 5 * 60_000,
  // During a database outage the server answers 503: keep trying (with backoff) instead of giving up, which
  // would show the signed-out landing page.
  retry: (failureCount, error) => isServiceUnavailable(error) || failureCount < 3,
});

/** The signed-in user, or null; undefined while it loads. */
export function useSession() {
  return useQuery(sessionQuery);
}
