import { Field, HStack, Input, Text } from "@chakra-ui/react";
import { useState } from "react";
import { type ReportRange, rangeProblem } from "./reportRange.ts";

/**
 * From and to dates for the reports: a change applies once the range is whole and in order; until
 * then the problem shows under the fields and the figures keep the last good range.
 */
export function ReportRangeControls({
  range,
  onChange,
}: {
  range: ReportRange;
  onChange: (range: ReportRange) => void;
}) {
  const [draft, setDraft] = useState(range);
  const problem = rangeProblem(draft);
  function update(next: ReportRange) {
    setDraft(next);
    if (!rangeProblem(next)) onChange(next);
  }
  return (
    <HStack
      as="fieldset"
      gap="3"
      flexWrap="wrap"
      alignItems="end"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      bg="bg.panel"
      p="4"
      aria-describedby={problem ? "report-range-problem" : undefined}
    >
      <Text as="legend" srOnly>
        Report period
      </Text>
      <Field.Root width="auto" invalid={problem !== null && draft.from > draft.to}>
        <Field.Label>From</Field.Label>
        <Input
          type="date"
          size="sm"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => update({ ...draft, from: event.target.value })}
        />
      </Field.Root>
      <Field.Root width="auto" invalid={problem !== null && draft.from > draft.to}>
        <Field.Label>To</Field.Label>
        <Input
          type="date"
          size="sm"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => update({ ...draft, to: event.target.value })}
        />
      </Field.Root>
      <Text textStyle="xs" color={problem ? "fg.error" : "fg.muted"} id="report-range-problem" role="status" pb="2">
        {problem ?? "Days in UK time, both included. Charts, the funnel, cancellations and downloads use this period."}
      </Text>
    </HStack>
  );
}
