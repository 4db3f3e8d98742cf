import OpenAI from "openai";

/** What the process has learned about its endpoint; each lesson holds until the process ends. */
export interface EndpointMemory {
  /** The name the endpoint accepts for a completion's token cap (newer OpenAI models refuse `max_tokens`). */
  tokenLimit: "max_tokens" | "max_completion_tokens";
  /** The model reasons before it answers, so a short completion needs room for the reasoning too. */
  thinks: boolean;
  /** The server strips the opening `<think>` tag, so replies begin inside the reasoning. */
  startsInsideThink: boolean;
}

export function freshEndpointMemory(): EndpointMemory {
  return { tokenLimit: "max_tokens", thinks: false, startsInsideThink: false };
}

const samplingParameters = ["temperature", "top_p", "frequency_penalty", "presence_penalty"];

/** What a 400 says about the request: the parameter it names and its message (the SDK keeps them apart). */
function badRequestText(error: unknown): string | undefined {
  if (!(error instanceof OpenAI.APIError) || error.status !== 400) return undefined;
  return `${error.param ?? ""} ${error.message}`;
}

/** The endpoint refused `max_tokens` (OpenAI's reasoning models want `max_completion_tokens`). */
export function refusesMaxTokens(error: unknown): boolean {
  return /\bmax_tokens\b/.test(badRequestText(error) ?? "");
}

/** The endpoint refused a sampling value (OpenAI's reasoning models accept only their defaults). */
export function refusesSampling(error: unknown): boolean {
  const text = badRequestText(error);
  return text !== undefined && samplingParameters.some((name) => new RegExp(`\\b${name}\\b`).test(text));
}

/** A 400 over the spec's sampling values. Its name reaches the log, where docs/configuration.md says what to do: LLM_SAMPLING. */
export class SamplingRefusedError extends Error {
  readonly status = 400;
  constructor(cause: unknown) {
    super("The endpoint refuses the sampling values; set LLM_SAMPLING=provider-default", { cause });
    this.name = "SamplingRefusedError";
  }
}

/** The error to report for a failed request: a refusal of the sampling values is named as such. */
export function explained(error: unknown): unknown {
  return refusesSampling(error) ? new SamplingRefusedError(error) : error;
}
