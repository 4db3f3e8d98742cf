import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { accountSessionsSchema } from "../../shared/schemas/session";
import { answer, client, download, succeeded } from "../lib/api";
import { saveFile } from "../lib/download";
import type { WithRecentLogin } from "./use-recent-login";

const sessionsKey = ["account-sessions"] as const;

/** The user's sessions (browser, system, times, which is this one), newest use first after this device. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => answer(client.api.account.sessions.$get(), accountSessionsSchema),
  });
}

/** Ends every session of the account but this one (better-auth's revokeOtherSessions). */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => succeeded(client.api.account.sessions["revoke-others"].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** "Download my data": fetched rather than linked, so a refusal for an old sign-in can ask for the password. */
export function useDownloadMyData(withRecentLogin: WithRecentLogin) {
  return useMutation({
    mutationFn: async () => {
      const { blob, filename } = await withRecentLogin(() => download(client.api.account.export.$get()));
      saveFile(blob, filename ?? "health-chat-data.json");
    },
  });
}
