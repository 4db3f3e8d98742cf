// Applies the saved text size and theme before the first paint (issue 23). A classic script in <head>, because the
// Content-Security-Policy refuses inline ones; src/web/lib/display-settings.ts writes the copy it reads.
(() => {
  try {
    const saved = JSON.parse(localStorage.getItem("display-settings") || "{}");
    const root = document.documentElement;
    if (["normal", "large", "larger"].includes(saved.textSize)) root.dataset.textSize = saved.textSize;
    if (["system", "light", "dark"].includes(saved.theme)) root.dataset.theme = saved.theme;
  } catch (error) {
    console.info("display settings not applied", error);
  }
})();
