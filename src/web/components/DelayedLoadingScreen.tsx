import { useEffect, useState } from "react";
import { LoadingScreen } from "./LoadingScreen";

// Below this a page's code arrives without anyone waiting for it: showing the loading screen would only flash.
const delayMs = 300;

/** The loading screen while a page's code is on its way, once the wait is long enough to notice. */
export function DelayedLoadingScreen() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <LoadingScreen /> : null;
}
