import { Box, Icon } from "@chakra-ui/react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type RefObject, useEffect, useState } from "react";

/** Whether the element can scroll further towards its start and its end. */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): { start: boolean; end: boolean } {
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    for (const child of element.children) observer?.observe(child);
    return () => {
      element.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}

/**
 * The cue that a row scrolls sideways: a fade with a chevron at each edge that has more beyond it
 * (docs/rules/web-app.md, "The Admin Panel on a phone"). Put it inside a `position: relative` box
 * around the scrolling element. Only a picture: taps go through it, and assistive technology skips
 * it (the scrolling element itself is reachable: tabs by arrow keys, regions by focus).
 */
export function ScrollCue({ target, bg = "bg.panel" }: { target: RefObject<HTMLElement | null>; bg?: string }) {
  const { start, end } = useScrollEdges(target);
  const edge = (side: "start" | "end") => (
    <Box
      aria-hidden="true"
      data-testid={`scroll-cue-${side}`}
      position="absolute"
      top="0"
      bottom="0"
      insetInlineStart={side === "start" ? "0" : undefined}
      insetInlineEnd={side === "end" ? "0" : undefined}
      width="10"
      display="flex"
      alignItems="center"
      justifyContent={side === "start" ? "flex-start" : "flex-end"}
      px="1"
      pointerEvents="none"
      zIndex="1"
      borderRadius="lg"
      bgGradient={side === "start" ? "to-l" : "to-r"}
      gradientFrom="transparent"
      gradientTo={bg}
    >
      <Icon as={side === "start" ? ChevronLeft : ChevronRight} color="fg.muted" boxSize="4" />
    </Box>
  );
  return (
    <>
      {start ? edge("start") : null}
      {end ? edge("end") : null}
    </>
  );
}
