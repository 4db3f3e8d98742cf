import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { revealAbove } from "../lib/reveal-above";

/** Within this distance from the end the reader counts as following the conversation. */
const NEAR_BOTTOM_PX = 80;
const userScrollEvents = ["wheel", "touchmove", "keydown", "pointerdown"] as const;
const userScrollKeys = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);

const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;
const smooth = (): ScrollBehavior => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");

type Revealed = { element: HTMLElement; coveredTop: HTMLElement | null };

/**
 * The conversation's scroll container: follows new text only while the reader is at the end (`followNewest` brings
 * them there), keeps the view in place when older messages are put in front, and `reveal` keeps one element (the
 * emergency card) in view across resizes. The rules: docs/architecture.md, "The assistant".
 */
export function useChatScroll({ chatId, firstMessageId }: { chatId: string | undefined; firstMessageId: string | undefined }) {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [content, setContent] = useState<HTMLElement | null>(null);
  const scrollerRef = useRef<HTMLElement | null>(null);
  const follow = useRef(true);
  // A smooth scroll down is on its way: the scroll events it causes on the way are not the reader leaving the end.
  const animating = useRef(false);
  const revealed = useRef<Revealed | null>(null);
  // How far the reader is from the end, as of the last scroll or resize (before the DOM changes again).
  const fromBottom = useRef(0);
  // The reader scrolled up by themselves (not a revealed card): the screen offers a way back to the newest text.
  const [away, setAway] = useState(false);

  const toBottom = useCallback((behavior: ScrollBehavior) => {
    const el = scrollerRef.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior });
  }, []);

  useLayoutEffect(() => {
    scrollerRef.current = scroller;
    if (!scroller || !content) return;
    let lastTop = scroller.scrollTop;
    const onScroll = () => {
      const top = scroller.scrollTop;
      fromBottom.current = distanceFromBottom(scroller);
      if (fromBottom.current <= NEAR_BOTTOM_PX) {
        follow.current = true;
        animating.current = false;
        setAway(false);
      } else if (top < lastTop - 1 && !animating.current) {
        // Only moving up leaves the end: content that grew below (a reply streaming in) does not.
        follow.current = false;
        if (!revealed.current) setAway(true);
      }
      lastTop = top;
    };
    const onUserScroll = (event: Event) => {
      if (event instanceof KeyboardEvent && !userScrollKeys.has(event.key)) return;
      animating.current = false;
      revealed.current = null;
    };
    // The content growing (a reply streaming in) or the container changing size (a phone's keyboard opening).
    // A smooth scroll on its way lands at once instead: restarted with every growth it would lag behind for good.
    const resized = new ResizeObserver(() => {
      animating.current = false;
      const shown = revealed.current;
      if (shown?.element.isConnected) revealAbove(shown.element, scroller, shown.coveredTop, "auto");
      else if (follow.current) toBottom("auto");
      fromBottom.current = distanceFromBottom(scroller);
      // Content that shrank (an Edit button gone when a question is sent) moved the position up by itself: the
      // scroll event that follows is not the reader leaving the end.
      lastTop = scroller.scrollTop;
    });
    scroller.addEventListener("scroll", onScroll, { passive: true });
    for (const type of userScrollEvents) scroller.addEventListener(type, onUserScroll, { passive: true });
    resized.observe(content);
    resized.observe(scroller);
    // The banners above the conversation scroll with it and may appear or grow after it opened (the e-mail
    // confirmation banner once the profile has loaded): every part of the scroller counts, also one added later.
    for (const part of scroller.children) resized.observe(part);
    const added = new MutationObserver((changes) => {
      for (const change of changes) for (const node of change.addedNodes) if (node instanceof Element) resized.observe(node);
    });
    added.observe(scroller, { childList: true });
    follow.current = true;
    toBottom("auto");
    return () => {
      scroller.removeEventListener("scroll", onScroll);
      for (const type of userScrollEvents) scroller.removeEventListener(type, onUserScroll);
      resized.disconnect();
      added.disconnect();
    };
  }, [scroller, content, toBottom]);

  const shown = useRef({ chatId, firstMessageId });
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = { chatId, firstMessageId };
    const el = scrollerRef.current;
    if (!el) return;
    if (chatId !== before.chatId) {
      // Another chat on the same screen: it opens at its newest message too.
      follow.current = true;
      animating.current = false;
      revealed.current = null;
      setAway(false);
      toBottom("auto");
    } else if (firstMessageId !== before.firstMessageId && before.firstMessageId !== undefined && !follow.current) {
      // Older messages arrived in front: the reader stays at what they were reading.
      el.scrollTop = el.scrollHeight - el.clientHeight - fromBottom.current;
    }
  }, [chatId, firstMessageId, toBottom]);

  const followNewest = useCallback(() => {
    follow.current = true;
    revealed.current = null;
    setAway(false);
    const behavior = smooth();
    animating.current = behavior === "smooth";
    toBottom(behavior);
  }, [toBottom]);

  /** Shows `element` (see revealAbove) instead of following the newest text, until the reader scrolls. */
  const reveal = useCallback((element: HTMLElement, coveredTop: HTMLElement | null) => {
    follow.current = false;
    setAway(false);
    animating.current = false;
    revealed.current = { element, coveredTop };
    revealAbove(element, scrollerRef.current, coveredTop, smooth());
  }, []);

  /** After the screen changed (a render): the revealed element, if any, is brought back where it shows. */
  const keepRevealed = useCallback(() => {
    const shown = revealed.current;
    if (shown?.element.isConnected) revealAbove(shown.element, scrollerRef.current, shown.coveredTop, "auto");
  }, []);

  return { scroller, setScroller, setContent, scrollerRef, followNewest, reveal, keepRevealed, away };
}
