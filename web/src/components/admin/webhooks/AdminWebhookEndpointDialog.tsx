import { Checkbox, Field, Fieldset, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import type { MutationFailure } from "../../../relay/mutationOutcome.ts";
import { AdminDialog } from "../AdminDialog.tsx";
import { WEBHOOK_EVENT_GROUPS, type WebhookEvent } from "./webhookEvents.ts";

export interface WebhookEndpointInput {
  url: string;
  description: string;
  events: WebhookEvent[];
}

interface AdminWebhookEndpointDialogProps {
  /** The endpoint being edited; none to create one. */
  initial?: WebhookEndpointInput;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saving: boolean;
  /** What the server refused, shown under its field (or above the form when it names none). */
  problem: MutationFailure | null;
  onSave: (input: WebhookEndpointInput) => void;
}

const EMPTY: WebhookEndpointInput = { url: "", description: "", events: [] };

/** The create and edit form of a webhook endpoint: its HTTPS URL, a description and the events it receives, by group. */
export function AdminWebhookEndpointDialog({
  initial,
  open,
  onOpenChange,
  saving,
  problem,
  onSave,
}: AdminWebhookEndpointDialogProps) {
  const [form, setForm] = useState<WebhookEndpointInput>(initial ?? EMPTY);
  const fieldProblem = (field: string) => (problem?.field === field ? problem.message : null);
  const general = problem && !["url", "description", "events"].includes(problem.field ?? "") ? problem.message : null;

  function toggle(event: WebhookEvent, checked: boolean) {
    setForm((now) => ({
      ...now,
      events: checked ? [...now.events, event] : now.events.filter((e) => e !== event),
    }));
  }

  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setForm(initial ?? EMPTY);
        onOpenChange(next);
      }}
      title={initial ? "Edit webhook endpoint" : "New webhook endpoint"}
      description={
        initial
          ? "Changes apply to the next events; deliveries already made are kept."
          : "Events are POSTed to this URL as JSON, signed with a secret shown once when the endpoint is created."
      }
      confirmLabel={initial ? "Save changes" : "Create endpoint"}
      confirmDisabled={form.url.trim() === "" || form.events.length === 0}
      loading={saving}
      loadingText="Saving..."
      size="lg"
      onConfirm={() => onSave({ ...form, url: form.url.trim(), description: form.description.trim() })}
    >
      {general ? (
        <Text color="fg.error" role="alert">
          {general}
        </Text>
      ) : null}
      <Field.Root required invalid={fieldProblem("url") !== null}>
        <Field.Label>
          Endpoint URL
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks"
          value={form.url}
          onChange={(e) => setForm({ ...form, url: e.target.value })}
          maxLength={2000}
          fontFamily="mono"
        />
        {fieldProblem("url") ? (
          <Field.ErrorText>{fieldProblem("url")}</Field.ErrorText>
        ) : (
          <Field.HelperText>An HTTPS address your system receives events at.</Field.HelperText>
        )}
      </Field.Root>
      <Field.Root invalid={fieldProblem("description") !== null}>
        <Field.Label>Description (optional)</Field.Label>
        <Input
          value={form.description}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
          maxLength={200}
        />
        {fieldProblem("description") ? <Field.ErrorText>{fieldProblem("description")}</Field.ErrorText> : null}
      </Field.Root>
      <Fieldset.Root invalid={fieldProblem("events") !== null}>
        <Fieldset.Legend>Events</Fieldset.Legend>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {WEBHOOK_EVENT_GROUPS.map((group) => (
            <Stack key={group.label} gap="1" role="group" aria-label={`${group.label} events`}>
              <Text textStyle="sm" fontWeight="medium" color="fg.muted" aria-hidden="true">
                {group.label}
              </Text>
              {group.events.map((event) => (
                <Checkbox.Root
                  key={event.value}
                  size="sm"
                  checked={form.events.includes(event.value)}
                  onCheckedChange={(details) => toggle(event.value, details.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label fontFamily="mono">{event.name}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        {fieldProblem("events") ? <Fieldset.ErrorText>{fieldProblem("events")}</Fieldset.ErrorText> : null}
      </Fieldset.Root>
    </AdminDialog>
  );
}
