import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type Language, profileSchema } from "../../shared/schemas/profile";
import { i18n } from "../i18n";
import { api } from "../lib/api";
import { useSession } from "./use-session";

const profileKey = (userId: string | undefined) => ["profile", userId] as const;

/** Applies the signed-in user's saved language once it is known (spec section 1). */
export function useApplySavedLanguage() {
  const { data: session } = useSession();
  const userId = session?.user.id;
  const { data: profile } = useQuery({
    queryKey: profileKey(userId),
    queryFn: async () => profileSchema.parse(await api<unknown>("/api/profile")),
    enabled: Boolean(userId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (profile && profile.languageCode !== i18n.resolvedLanguage) void i18n.changeLanguage(profile.languageCode);
  }, [profile]);
}

/** Switches the interface language and, when signed in, saves it to the profile. */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  return useMutation({
    mutationFn: async (languageCode: Language) => {
      await i18n.changeLanguage(languageCode);
      if (!session) return;
      await api("/api/profile/language", { method: "PUT", body: { languageCode } });
      queryClient.setQueryData(profileKey(session.user.id), { languageCode });
    },
  });
}
