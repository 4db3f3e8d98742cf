import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import type { Language } from "../../shared/schemas/profile";
import {
  type DateRange,
  dailyStatsSchema,
  operatorUserSchema,
  promptSchema,
  promptVersionSchema,
  ratedReplySchema,
} from "../../shared/schemas/research";
import { api } from "../lib/api";

const operatorKey = ["operator"] as const;
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

/** The export download for a range: a plain link, the session cookie goes along. */
export const exportUrl = (kind: "feedback" | "chats", format: "csv" | "jsonl", range: DateRange) =>
  `/api/operator/export/${kind}?${rangeQuery(range)}&format=${format}`;

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...operatorKey, "users"] }),
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

/** Saves a prompt's text as its next version. */
export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, prompt }: { id: string; prompt: string }) =>
      promptSchema.parse(await api<unknown>(`/api/operator/prompts/${encodeURIComponent(id)}`, { method: "PUT", body: { prompt } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...operatorKey, "prompts"] }),
  });
}
