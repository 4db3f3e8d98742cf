import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type DisplaySettings, displaySettingsSchema, type ProfileResponse } from "../../shared/schemas/profile";
import { answer, client } from "../lib/api";
import { applyDisplaySettings } from "../lib/display-settings";
import { profileKey, useProfile } from "./use-profile";
import { useSession } from "./use-session";

/** Applies the signed-in user's saved text size and theme once the profile is known, and keeps the local copy. */
export function useApplySavedDisplaySettings() {
  const { data: profile } = useProfile();
  const textSize = profile?.textSize;
  const theme = profile?.theme;
  useEffect(() => {
    if (textSize && theme) applyDisplaySettings({ textSize, theme });
  }, [textSize, theme]);
}

/** Shows a new text size or theme at once and saves it to the profile; a failed save goes back to the old one. */
export function useChangeDisplaySettings() {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const key = profileKey(session?.user.id);
  return useMutation({
    mutationFn: (settings: DisplaySettings) => answer(client.api.profile.display.$put({ json: settings }), displaySettingsSchema),
    onMutate: (settings) => {
      const before = queryClient.getQueryData<ProfileResponse>(key);
      applyDisplaySettings(settings);
      queryClient.setQueryData<ProfileResponse>(key, (old) => (old ? { ...old, ...settings } : old));
      return { before };
    },
    onError: (_error, _settings, context) => {
      if (!context?.before) return;
      queryClient.setQueryData(key, context.before);
      applyDisplaySettings({ textSize: context.before.textSize, theme: context.before.theme });
    },
  });
}
