import { useQuery } from "@tanstack/react-query";
import { starterQuestionsAnswerSchema } from "../../shared/schemas/starter-questions";
import { answer, client } from "../lib/api";

/** The starter questions of an empty chat, in every language; operators change them rarely, so kept for 10 minutes. */
export function useStarterQuestions() {
  return useQuery({
    queryKey: ["starter-questions"],
    queryFn: () => answer(client.api["starter-questions"].$get(), starterQuestionsAnswerSchema),
    staleTime: 10 * 60_000,
  });
}
