import { expect, test } from "./fixtures";

// The site links come from playwright.config.ts (APP_DOWNLOAD_URL, SURVEY_URL_EN / _DE).

test("the landing page links to the app download and the English survey, with the free-use disclaimer in the footer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Health questions, answered with care" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the app" })).toHaveAttribute("href", "https://apps.invalid/health-chat");

  await expect(page.getByRole("heading", { level: 2, name: "Join our research" })).toBeVisible();
  const survey = page.getByRole("link", { name: "Take the anonymous survey" });
  await expect(survey).toHaveAttribute("href", "https://survey.invalid/en");
  await expect(survey).toHaveAttribute("target", "_blank");
  await expect(survey).toHaveAttribute("rel", /noopener/);

  await expect(page.getByRole("contentinfo")).toContainText(
    "Free to use for research purposes. No medical advice: in an emergency, call 112.",
  );
});

test.describe("in a German browser", () => {
  test.use({ locale: "de-DE" });

  test("the same links, the survey in its German version, and the German disclaimer", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Gesundheitsfragen, sorgfältig beantwortet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "App herunterladen" })).toHaveAttribute("href", "https://apps.invalid/health-chat");
    await expect(page.getByRole("heading", { level: 2, name: "Machen Sie bei unserer Forschung mit" })).toBeVisible();
    await expect(page.getByRole("link", { name: "An der anonymen Umfrage teilnehmen" })).toHaveAttribute(
      "href",
      "https://survey.invalid/de",
    );
    await expect(page.getByRole("contentinfo")).toContainText(
      "Kostenlose Nutzung zu Forschungszwecken. Keine medizinische Beratung: Im Notfall rufen Sie die 112 an.",
    );
  });
});
