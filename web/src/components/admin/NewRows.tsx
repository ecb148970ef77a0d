import { Badge, Box, Button, type SystemStyleObject } from "@chakra-ui/react";
import { ArrowUp } from "lucide-react";

/**
 * A row that arrived while its list was open: a short amber highlight that fades (at once under
 * reduced motion), and a "New" badge so the mark is not colour alone (docs/rules/web-app.md, "New rows").
 */
export function arrivalStyle(fresh: boolean): SystemStyleObject {
  return {
    bg: fresh ? "amber.subtle" : undefined,
    transition: "background-color 1.2s ease-out",
    _motionReduce: { transition: "none" },
  };
}

export function NewBadge() {
  return (
    <Badge colorPalette="amber" variant="solid" size="sm" flexShrink={0}>
      New
    </Badge>
  );
}

/** "2 new": shown while new rows wait because the list is sorted otherwise; brings them to the top. */
export function NewRowsPill({ count, onShow }: { count: number; onShow: () => void }) {
  // The region stays, so the pill's arrival is announced.
  return (
    <Box as="span" aria-live="polite" display="inline-flex">
      {count > 0 ? (
        <Button
          size="xs"
          borderRadius="full"
          colorPalette="amber"
          variant="solid"
          onClick={onShow}
          data-testid="new-rows-pill"
        >
          <ArrowUp aria-hidden="true" />
          {count} new
        </Button>
      ) : null}
    </Box>
  );
}
