/** The browser and system a User-Agent names, for the account page's session list; null when unknown. */
export interface DeviceDescription {
  browser: string | null;
  system: string | null;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", iOS browsers say "Mac OS X".
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/(?:\b|Headless)(?:Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];
const systems: [RegExp, string][] = [
  [/\b(?:iPhone|iPod)\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const firstMatch = (text: string, rules: [RegExp, string][]) => rules.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/**
 * Whether a browser offers dictation, as far as its User-Agent tells (the page the server renders): one with the
 * Web Speech API, not on a phone or tablet. The app itself asks the browser (components/chat/DictationButton.tsx).
 */
export function offersDictation(userAgent: string | null | undefined): boolean {
  const { browser, system } = describeUserAgent(userAgent);
  return ["Chrome", "Edge", "Safari", "Opera"].includes(browser ?? "") && !["iPhone", "iPad", "Android"].includes(system ?? "");
}

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const text = (userAgent ?? "").slice(0, 512);
  return { browser: firstMatch(text, browsers), system: firstMatch(text, systems) };
}
