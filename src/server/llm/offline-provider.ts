import type { Language } from "../../shared/schemas/profile";
import type { ChatProvider } from "./types";

const notice = (number: string): Record<Language, string> => ({
  en: [
    "**No language model is configured on this server yet**, so I cannot answer health questions.",
    "",
    "This is demo mode. To connect a model, the operator sets `OPENAI_API_KEY` (and, for a self-hosted or other",
    "OpenAI-compatible server such as Ollama, vLLM or llama.cpp, `OPENAI_BASE_URL`) and restarts the server.",
    "",
    `If you need medical help now, please contact your doctor or pharmacist. In an emergency, call ${number}.`,
  ].join("\n"),
  de: [
    "**Auf diesem Server ist noch kein Sprachmodell eingerichtet**, daher kann ich keine Gesundheitsfragen beantworten.",
    "",
    "Dies ist der Demo-Modus. Um ein Modell anzubinden, setzt der Betreiber `OPENAI_API_KEY` (und für einen eigenen",
    "oder anderen OpenAI-kompatiblen Server wie Ollama, vLLM oder llama.cpp `OPENAI_BASE_URL`) und startet den Server neu.",
    "",
    `Wenn Sie jetzt medizinische Hilfe brauchen, wenden Sie sich an Ihre Ärztin, Ihren Arzt oder Ihre Apotheke. Im Notfall rufen Sie die ${number} an.`,
  ].join("\n"),
});

const title: Record<Language, string> = { en: "Demo mode", de: "Demo-Modus" };

/** Answers when no model is configured: a clear notice, streamed like a model; never health content. */
export function createOfflineProvider({ delayMs = 15, emergencyNumber }: { delayMs?: number; emergencyNumber: string }): ChatProvider {
  const texts = notice(emergencyNumber);
  return {
    kind: "offline",
    model: "offline",
    async *streamReply({ language, signal }) {
      for (const piece of texts[language].split(/(?<=\s)/)) {
        if (signal.aborted) return;
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        yield { type: "text", text: piece };
      }
    },
    async ping() {
      return true;
    },
    async generateTitle({ language }) {
      return title[language];
    },
  };
}
