import { Hono } from "hono";
import type { Database } from "../db/client";
import { readStarterQuestions } from "../prompts/starter-questions";

/** The starter questions an empty chat offers (no user data, so public like the site config). */
export function starterQuestionRoutes({ db }: { db: Database }) {
  return new Hono().get("/", async (c) => c.json(await readStarterQuestions({ db })));
}
