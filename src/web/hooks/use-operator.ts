import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import type { Language } from "../../shared/schemas/profile";
import {
  auditEventSchema,
  type DateRange,
  dailyStatsSchema,
  type exportFormatSchema,
  type exportKindSchema,
  operatorUserSchema,
  promptSchema,
  promptVersionSchema,
  ratedReplySchema,
} from "../../shared/schemas/research";
import { api, apiDownload } from "../lib/api";
import { saveFile } from "../lib/download";
import type { WithRecentLogin } from "./use-recent-login";

const operatorKey = ["operator"] as const;
const auditKey = [...operatorKey, "audit"] as const;
const rangeQuery = ({ from, to }: DateRange) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** One row of statistics per day of the range. */
export function useDailyStats(range: DateRange) {
  return useQuery({
    queryKey: [...operatorKey, "stats", range],
    queryFn: async () => z.array(dailyStatsSchema).parse(await api<unknown>(`/api/operator/stats?${rangeQuery(range)}`)),
    placeholderData: keepPreviousData,
  });
}

/** The disliked replies of the range (newest first, at most 200), optionally of one language. */
export function useDislikedReplies(range: DateRange, language: Language | "") {
  return useQuery({
    queryKey: [...operatorKey, "disliked", range, language],
    queryFn: async () =>
      z
        .array(ratedReplySchema)
        .parse(await api<unknown>(`/api/operator/disliked?${rangeQuery(range)}${language ? `&language=${language}` : ""}`)),
    placeholderData: keepPreviousData,
  });
}

export type ExportRequest = { kind: z.infer<typeof exportKindSchema>; format: z.infer<typeof exportFormatSchema>; range: DateRange };

/** The export download's address for a range (the session cookie goes along). */
export const exportUrl = ({ kind, format, range }: ExportRequest) => `/api/operator/export/${kind}?${rangeQuery(range)}&format=${format}`;

/**
 * Fetches an export and saves it as a file. A fetch rather than a link, so that a refusal for an old sign-in
 * can ask for the password and try again; the export then shows in the audit log.
 */
export function useDownloadExport(withRecentLogin: WithRecentLogin) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ExportRequest) => {
      const { blob, filename } = await withRecentLogin(() => apiDownload(exportUrl(request)));
      const { kind, format, range } = request;
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
    queryFn: async () => z.array(operatorUserSchema).parse(await api<unknown>(`/api/operator/users?email=${encodeURIComponent(email)}`)),
    enabled: email.length >= 3,
  });
}

export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, disabled }: { id: string; disabled: boolean }) =>
      operatorUserSchema.parse(
        await api<unknown>(`/api/operator/users/${encodeURIComponent(id)}/disabled`, { method: "PUT", body: { disabled } }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditKey });
      return queryClient.invalidateQueries({ queryKey: [...operatorKey, "users"] });
    },
  });
}

export function usePrompts() {
  return useQuery({
    queryKey: [...operatorKey, "prompts"],
    queryFn: async () => z.array(promptSchema).parse(await api<unknown>("/api/operator/prompts")),
  });
}

/** Every version of one prompt, newest first. */
export function usePromptVersions(id: string) {
  return useQuery({
    queryKey: [...operatorKey, "prompts", id, "versions"],
    queryFn: async () => z.array(promptVersionSchema).parse(await api<unknown>(`/api/operator/prompts/${encodeURIComponent(id)}/versions`)),
  });
}

/** Saves a prompt's text as its next version (after a fresh sign-in when the server asks for one). */
export function useSavePrompt(withRecentLogin: WithRecentLogin) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, prompt }: { id: string; prompt: string }) =>
      promptSchema.parse(
        await withRecentLogin(() => api<unknown>(`/api/operator/prompts/${encodeURIComponent(id)}`, { method: "PUT", body: { prompt } })),
      ),
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
    queryFn: async () => z.array(auditEventSchema).parse(await api<unknown>(`/api/operator/audit?${rangeQuery(range)}`)),
    placeholderData: keepPreviousData,
  });
}
