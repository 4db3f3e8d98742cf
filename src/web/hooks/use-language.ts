import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Language, ProfileResponse } from "../../shared/schemas/profile";
import { i18n } from "../i18n";
import { client, succeeded } from "../lib/api";
import { profileKey, useProfile } from "./use-profile";
import { useSession } from "./use-session";

/** Applies the signed-in user's saved language once it is known (spec section 1). */
export function useApplySavedLanguage() {
  const { data: profile } = useProfile();
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
      await succeeded(client.api.profile.language.$put({ json: { languageCode } }));
      // Keeps the rest of the profile (e-mail, operator role) that other screens read from the same entry.
      queryClient.setQueryData<ProfileResponse>(profileKey(session.user.id), (old) => (old ? { ...old, languageCode } : old));
    },
  });
}
