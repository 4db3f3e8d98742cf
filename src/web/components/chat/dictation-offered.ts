import { createContext, useContext } from "react";
import { speechRecognition } from "./DictationButton";

/** On the server, its guess from the User-Agent (src/shared/user-agent.ts) of whether the browser offers dictation. */
export const DictationGuess = createContext(false);

/** Whether the Dictate button (and its one-time note) is offered: the browser's answer, the server's guess. */
export function useDictationOffered(): boolean {
  const guess = useContext(DictationGuess);
  return typeof window === "undefined" ? guess : speechRecognition() !== undefined;
}
