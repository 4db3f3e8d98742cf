import { useEffect } from "react";

const SWIPE_THRESHOLD_PX = 10;
const EDGE_AREA = 0.12;

/** Spec gestures on touch screens: swipe left from the right edge (12% of the width) opens, swipe right closes. */
export function useDrawerSwipe({ open, setOpen, enabled }: { open: boolean; setOpen: (open: boolean) => void; enabled: boolean }) {
  useEffect(() => {
    if (!enabled) return;
    let start: { x: number; y: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch) return;
      const fromEdge = touch.clientX >= window.innerWidth * (1 - EDGE_AREA);
      start = open || fromEdge ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      start = null;
      if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
      if (dx > 0 && open) setOpen(false);
      if (dx < 0 && !open) setOpen(true);
    };
    window.addEventListener("touchstart", onStart, { passive: true });
    window.addEventListener("touchend", onEnd, { passive: true });
    return () => {
      window.removeEventListener("touchstart", onStart);
      window.removeEventListener("touchend", onEnd);
    };
  }, [open, setOpen, enabled]);
}
