import { createContext, useContext } from "react";

export interface RecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start: () => void;
  stop: () => void;
}
type RecognitionConstructor = new () => RecognitionLike;

/** The Web Speech API, where the browser has it and the platform is neither iOS nor Android (spec section 1). */
export function speechRecognition(): RecognitionConstructor | undefined {
  if (typeof window === "undefined") return undefined;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  const mobile =
    /android|iphone|ipad|ipod/i.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  return mobile ? undefined : (w.SpeechRecognition ?? w.webkitSpeechRecognition);
}

/** On the server, its guess from the User-Agent (src/shared/user-agent.ts) of whether the browser offers dictation. */
export const DictationGuess = createContext(false);

/** Whether the Dictate button (and its one-time note) is offered: the browser's answer, the server's guess. */
export function useDictationOffered(): boolean {
  const guess = useContext(DictationGuess);
  return typeof window === "undefined" ? guess : speechRecognition() !== undefined;
}
