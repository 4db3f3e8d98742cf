// Applies the saved text size and theme before the first paint (issue 23), and opens a chat the server rendered at
// its end. A classic script in <head>, because the Content-Security-Policy refuses inline ones;
// src/web/lib/display-settings.ts writes the copy it reads.
(() => {
  try {
    const saved = JSON.parse(localStorage.getItem("display-settings") || "{}");
    const root = document.documentElement;
    if (["normal", "large", "larger"].includes(saved.textSize)) root.dataset.textSize = saved.textSize;
    if (["system", "light", "dark"].includes(saved.theme)) root.dataset.theme = saved.theme;
    // Room for the history sidebar (wide screens) from the first paint, so the page does not shift when it loads.
    // components/drawer/Sidebar.tsx keeps the key while someone is signed in in this browser.
    const sidebar = localStorage.getItem("sidebar-collapsed");
    if (sidebar === "0" || sidebar === "1") root.dataset.sidebar = sidebar === "1" ? "collapsed" : "expanded";
    // A chat rendered by the server shows the one-time dictation note unless it was dismissed here (base.css).
    if (localStorage.getItem("dictationNoteDismissed") === "1") root.dataset.dictationNote = "dismissed";
  } catch (error) {
    console.info("display settings not applied", error);
  }
  // A saved chat the server rendered opens at its end, as the app shows it: before each frame while the page is
  // read (pages/ChatPage.tsx marks the part that scrolls), so the first paint is already there.
  const toEnd = () => {
    const scroller = document.querySelector("[data-chat-scroller]");
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
    if (document.readyState === "loading") requestAnimationFrame(toEnd);
  };
  requestAnimationFrame(toEnd);
})();
