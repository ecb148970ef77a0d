import { Box, type BoxProps, Button, HStack, Text } from "@chakra-ui/react";
import { type ReactNode, useRef } from "react";
import { ScrollCue } from "./ScrollCue.tsx";

interface ScrollListProps extends BoxProps {
  /** Names the region for screen readers ("Pending referrals"). */
  label: string;
  children: ReactNode;
}

/**
 * A list that scrolls inside the page at the lists' maximum height (96 units = 24rem; docs/rules/web-app.md), so the
 * tab's headings and actions stay in view, with a cue at the edge when it also scrolls sideways. Focusable, so the
 * keyboard can scroll it too.
 */
export function ScrollList({ label, children, ...boxProps }: ScrollListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  return (
    <Box position="relative">
      <Box
        ref={scroller}
        role="region"
        aria-label={label}
        tabIndex={0}
        maxHeight="96"
        overflowY="auto"
        borderWidth="1px"
        borderColor="border.muted"
        borderRadius="lg"
        bg="bg.panel"
        _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
        {...boxProps}
      >
        {children}
      </Box>
      {/* A table wider than a phone scrolls sideways: the cue says so. */}
      <ScrollCue target={scroller} />
    </Box>
  );
}

interface LoadMoreProps {
  hasNext: boolean;
  isLoadingNext: boolean;
  onLoadMore: () => void;
  /** "12 of 40 shown". */
  status?: string;
  label?: string;
}

/** The next page of a connection, on demand. */
export function LoadMore({ hasNext, isLoadingNext, onLoadMore, status, label = "Load more" }: LoadMoreProps) {
  if (!hasNext && !status) return null;
  return (
    <HStack justify="space-between" gap="3" pt="2">
      <Text textStyle="xs" color="fg.muted" aria-live="polite">
        {status}
      </Text>
      {hasNext ? (
        <Button size="sm" variant="outline" onClick={onLoadMore} loading={isLoadingNext} loadingText="Loading...">
          {label}
        </Button>
      ) : null}
    </HStack>
  );
}
