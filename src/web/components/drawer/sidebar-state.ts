import { forgetStored, readStored, store } from "../../lib/device-storage";

/**
 * Where the browser remembers that the user hid the history sidebar. While the key is set, public/display-settings.js
 * makes room for the sidebar before the first paint, so the page does not shift when the sidebar loads.
 */
const COLLAPSED_KEY = "sidebar-collapsed";

export const readCollapsed = (): boolean => readStored(COLLAPSED_KEY) === "1";

export const storeCollapsed = (collapsed: boolean) => store(COLLAPSED_KEY, collapsed ? "1" : "0");

/** No one is signed in: no room for the sidebar, now or at the next first paint. */
export function forgetSidebar() {
  delete document.documentElement.dataset.sidebar;
  forgetStored(COLLAPSED_KEY);
}
