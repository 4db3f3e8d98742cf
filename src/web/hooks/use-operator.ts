import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as z from "zod/mini";
import {
  auditEventSchema,
  type DateRange,
  dailyStatsSchema,
  operatorUserSchema,
  promptSchema,
  promptVersionSchema,
  ratedReplySchema,
} from "../../shared/schemas/research";
import type { ExportFormat, ExportKind, Language } from "../../shared/values";
import { answer, byId, client, download } from "../lib/api";
import { saveFile } from "../lib/download";
import type { WithRecentLogin } from "./use-recent-login";

const operatorKey = ["operator"] as const;
const auditKey = [...operatorKey, "audit"] as const;

/** One row of statistics per day of the range. */
export function useDailyStats(range: DateRange) {
  return useQuery({
    queryKey: [...operatorKey, "stats", range],
    queryFn: () => answer(client.api.operator.stats.$get({ query: range }), z.array(dailyStatsSchema)),
    placeholderData: keepPreviousData,
  });
}

/** The disliked replies of the range (newest first, at most 200), optionally of one language. */
export function useDislikedReplies(range: DateRange, language: Language | "") {
  return useQuery({
    queryKey: [...operatorKey, "disliked", range, language],
    queryFn: () =>
      answer(client.api.operator.disliked.$get({ query: { ...range, language: language || undefined } }), z.array(ratedReplySchema)),
    placeholderData: keepPreviousData,
  });
}

export type ExportRequest = { kind: ExportKind; format: ExportFormat; range: DateRange };

/**
 * Fetches an export and saves it as a file. A fetch rather than a link, so that a refusal for an old sign-in
 * can ask for the password and try again; the export then shows in the audit log.
 */
export function useDownloadExport(withRecentLogin: WithRecentLogin) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ExportRequest) => {
      const { kind, format, range } = request;
      const { blob, filename } = await withRecentLogin(() =>
        download(client.api.operator.export[":kind"].$get({ param: { kind }, query: { ...range, format } })),
      );
      saveFile(blob, filename ?? `health-chat-${kind}-${range.from}-to-${range.to}.${format}`);
    },
    // Not awaited: the next export may start as soon as this file is saved.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}

/** Users whose e-mail contains the text (at least 3 characters; nothing is asked before). */
export function useUserSearch(email: string) {
  return useQuery({
    queryKey: [...operatorKey, "users", email],
    queryFn: () => answer(client.api.operator.users.$get({ query: { email } }), z.array(operatorUserSchema)),
    enabled: email.length >= 3,
  });
}

export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      answer(client.api.operator.users[":id"].disabled.$put({ param: byId(id), json: { disabled } }), operatorUserSchema),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditKey });
      return queryClient.invalidateQueries({ queryKey: [...operatorKey, "users"] });
    },
  });
}

export function usePrompts() {
  return useQuery({
    queryKey: [...operatorKey, "prompts"],
    queryFn: () => answer(client.api.operator.prompts.$get(), z.array(promptSchema)),
  });
}

/** Every version of one prompt, newest first. */
export function usePromptVersions(id: string) {
  return useQuery({
    queryKey: [...operatorKey, "prompts", id, "versions"],
    queryFn: () => answer(client.api.operator.prompts[":id"].versions.$get({ param: byId(id) }), z.array(promptVersionSchema)),
  });
}

/** Saves a prompt's text as its next version (after a fresh sign-in when the server asks for one). */
export function useSavePrompt(withRecentLogin: WithRecentLogin) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, prompt }: { id: string; prompt: string }) =>
      withRecentLogin(() => answer(client.api.operator.prompts[":id"].$put({ param: byId(id), json: { prompt } }), promptSchema)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditKey });
      return queryClient.invalidateQueries({ queryKey: [...operatorKey, "prompts"] });
    },
  });
}

/** The audit log of the range: exports, user and prompt changes, role changes (newest first, at most 500). */
export function useAuditEvents(range: DateRange) {
  return useQuery({
    queryKey: [...auditKey, range],
    queryFn: () => answer(client.api.operator.audit.$get({ query: range }), z.array(auditEventSchema)),
    placeholderData: keepPreviousData,
  });
}
