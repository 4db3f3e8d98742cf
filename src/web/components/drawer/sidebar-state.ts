/**
 * Where the browser remembers that the user hid the history sidebar. While the key is set, public/display-settings.js
 * makes room for the sidebar before the first paint, so the page does not shift when the sidebar loads.
 */
const COLLAPSED_KEY = "sidebar-collapsed";

export function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === "1";
  } catch (error) {
    console.info("sidebar state unreadable", error);
    return false;
  }
}

export function storeCollapsed(collapsed: boolean) {
  try {
    localStorage.setItem(COLLAPSED_KEY, collapsed ? "1" : "0");
  } catch (error) {
    console.info("sidebar state not stored", error);
  }
}

/** No one is signed in: no room for the sidebar, now or at the next first paint. */
export function forgetSidebar() {
  delete document.documentElement.dataset.sidebar;
  try {
    localStorage.removeItem(COLLAPSED_KEY);
  } catch (error) {
    console.info("sidebar state not removed", error);
  }
}
