import type { DisplaySettings } from "../../shared/schemas/profile";
import { textSizes, themes } from "../../shared/values";
import { readStored, store } from "./device-storage";

/** Where the browser keeps its copy of the settings, read before the first paint by public/display-settings.js. */
export const DISPLAY_SETTINGS_KEY = "display-settings";

export const defaultDisplaySettings: DisplaySettings = { textSize: "normal", theme: "system" };

/** The copy this browser keeps (signed-out pages use it too); the defaults when there is none. */
export function storedDisplaySettings(): DisplaySettings {
  try {
    const saved = JSON.parse(readStored(DISPLAY_SETTINGS_KEY) ?? "{}") as Partial<DisplaySettings>;
    return {
      textSize: textSizes.find((size) => size === saved.textSize) ?? defaultDisplaySettings.textSize,
      theme: themes.find((theme) => theme === saved.theme) ?? defaultDisplaySettings.theme,
    };
  } catch (error) {
    console.info("display settings unreadable", error);
    return defaultDisplaySettings;
  }
}

/** Shows the settings at once (data attributes on <html>) and keeps the copy for the next first paint. */
export function applyDisplaySettings(settings: DisplaySettings) {
  const root = document.documentElement;
  root.dataset.textSize = settings.textSize;
  root.dataset.theme = settings.theme;
  store(DISPLAY_SETTINGS_KEY, JSON.stringify(settings));
}
