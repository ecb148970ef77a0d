import { Badge, Button, Checkbox, Code, Field, Heading, HStack, Input, Stack, Table, Text } from "@chakra-ui/react";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { fetchQuery, graphql, useMutation, useRelayEnvironment } from "react-relay/hooks";
import type { AdminApiTokensPanelCreateMutation } from "../../__generated__/AdminApiTokensPanelCreateMutation.graphql.ts";
import type { AdminApiTokensPanelQuery } from "../../__generated__/AdminApiTokensPanelQuery.graphql.ts";
import type { AdminApiTokensPanelRevokeMutation } from "../../__generated__/AdminApiTokensPanelRevokeMutation.graphql.ts";
import { TEXT_FIELDS } from "../../lib/textFields.ts";
import { notify } from "../../notifications/notify.ts";
import { failureOf } from "../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { AdminEmpty } from "./AdminEmpty.tsx";
import { ColumnHeader } from "./ColumnHeader.tsx";
import { formatDateTime } from "./format.ts";
import { OneTimeSecret } from "./OneTimeSecret.tsx";
import { ScrollList } from "./ScrollList.tsx";
import { useAdminQuery } from "./useAdminQuery.ts";

const tokensQuery = graphql`
  query AdminApiTokensPanelQuery {
    apiTokens {
      id
      databaseId
      name
      scopes
      createdAt
      expiresAt
      revokedAt
      lastUsedAt
      lastUsedIp
    }
  }
`;

type Scope = "READ" | "PURCHASES_WRITE" | "ADMIN";
export const SCOPES: readonly { value: Scope; label: string; hint: string }[] = [
  { value: "READ", label: "read", hint: "customers, referrals, milestones, analytics" },
  {
    value: "PURCHASES_WRITE",
    label: "purchases:write",
    hint: "verify and cancel purchases, and the lists they act on",
  },
  { value: "ADMIN", label: "admin", hint: "everything an administrator can do" },
];
const scopeLabel = (scope: string) => SCOPES.find((s) => s.value === scope)?.label ?? scope;

/** The server's rule (docs/api.md, "API tokens"): 90 days when no expiry is chosen, at most 365. */
export const DEFAULT_TOKEN_DAYS = 90;
export const MAX_TOKEN_DAYS = 365;
/** The local date `days` from today, as a date input's value (YYYY-MM-DD). */
const dayFromToday = (days: number) => {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
};

/** Reports > API Tokens: integrators' tokens in a dense table; a new token's secret is shown once. */
export function AdminApiTokensPanel() {
  const environment = useRelayEnvironment();
  const { apiTokens } = useAdminQuery<AdminApiTokensPanelQuery>(tokensQuery, {}, "every-visit");
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Scope[]>(["READ"]);
  const [expires, setExpires] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = useMutation<AdminApiTokensPanelCreateMutation>(graphql`
    mutation AdminApiTokensPanelCreateMutation($input: CreateApiTokenInput!) {
      createApiToken(input: $input) {
        __typename
        ... on MutationCreateApiTokenSuccess { data { secret token { id name } } }
        ... on Error { message }
      }
    }
  `);
  const [revoke, revoking] = useMutationWithNotice<AdminApiTokensPanelRevokeMutation>(graphql`
    mutation AdminApiTokensPanelRevokeMutation($input: RevokeApiTokenInput!) {
      revokeApiToken(input: $input) {
        __typename
        ... on MutationRevokeApiTokenSuccess { data { token { id revokedAt } } }
        ... on Error { message }
      }
    }
  `);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    create({
      variables: {
        input: { name, scopes, expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null },
      },
      onCompleted: ({ createApiToken: result }) => {
        if (result.__typename === "MutationCreateApiTokenSuccess" && result.data) {
          setSecret(result.data.secret);
          setName("");
          fetchQuery<AdminApiTokensPanelQuery>(environment, tokensQuery, {}, { fetchPolicy: "network-only" }).subscribe(
            {
              error: () => {},
            },
          );
          return;
        }
        setProblem(failureOf(result).message);
      },
      onError: (error) => setProblem(error.message),
    });
  }

  function revokeToken(token: { databaseId: number; name: string }) {
    revoke({
      variables: { input: { tokenId: token.databaseId } },
      failed: "Failed to revoke the token",
      onSuccess: () =>
        notify({ title: "Token revoked", description: `"${token.name}" no longer works.`, tone: "success" }),
    });
  }

  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        API Tokens
      </Heading>
      <form onSubmit={submit} aria-label="New API token">
        <HStack align="end" gap="3" flexWrap="wrap">
          <Field.Root width="auto" required>
            <Field.Label>Name</Field.Label>
            <Input
              size="sm"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={TEXT_FIELDS.apiTokenName.max}
            />
          </Field.Root>
          <Stack gap="1" role="group" aria-label="Scopes">
            <Text textStyle="sm" fontWeight="medium">
              Scopes
            </Text>
            <HStack gap="3" flexWrap="wrap">
              {SCOPES.map((scope) => (
                <Checkbox.Root
                  key={scope.value}
                  size="sm"
                  checked={scopes.includes(scope.value)}
                  onCheckedChange={(d) =>
                    setScopes((now) =>
                      d.checked === true ? [...now, scope.value] : now.filter((s) => s !== scope.value),
                    )
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label title={scope.hint}>{scope.label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          </Stack>
          <Field.Root width="auto">
            <Field.Label>Expires</Field.Label>
            <Input
              size="sm"
              type="date"
              value={expires}
              min={dayFromToday(1)}
              max={dayFromToday(MAX_TOKEN_DAYS - 1)}
              onChange={(e) => setExpires(e.target.value)}
            />
            <Field.HelperText>
              {expires
                ? `Up to ${MAX_TOKEN_DAYS} days away.`
                : `Empty: in ${DEFAULT_TOKEN_DAYS} days (${dayFromToday(DEFAULT_TOKEN_DAYS)}); up to ${MAX_TOKEN_DAYS} days.`}
            </Field.HelperText>
          </Field.Root>
          <Button size="sm" type="submit" loading={creating} disabled={name.trim() === "" || scopes.length === 0}>
            Create token
          </Button>
        </HStack>
      </form>
      {problem ? (
        <Text color="fg.error" role="alert">
          {problem}
        </Text>
      ) : null}
      {secret ? (
        <OneTimeSecret
          secret={secret}
          label="New token secret"
          title="Copy this token now: it will not be shown again"
          testId="new-token-secret"
          onDone={() => setSecret(null)}
        />
      ) : null}
      {apiTokens.length === 0 ? (
        <AdminEmpty icon={KeyRound} title="No API tokens yet" />
      ) : (
        <ScrollList label="API tokens">
          <Table.Root size="sm" stickyHeader data-testid="api-tokens">
            <Table.Header>
              <Table.Row>
                <ColumnHeader>Name</ColumnHeader>
                <ColumnHeader>Scopes</ColumnHeader>
                <ColumnHeader>Created</ColumnHeader>
                <ColumnHeader>Expires</ColumnHeader>
                <ColumnHeader>Last used</ColumnHeader>
                <ColumnHeader>Status</ColumnHeader>
                <ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {apiTokens.map((token) => (
                <Table.Row key={token.id}>
                  <Table.Cell>{token.name}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      {token.scopes.map((scope) => (
                        <Code key={scope} size="sm">
                          {scopeLabel(scope)}
                        </Code>
                      ))}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(token.createdAt)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {token.expiresAt ? formatDateTime(token.expiresAt) : "Never"}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {token.lastUsedAt ? `${formatDateTime(token.lastUsedAt)} from ${token.lastUsedIp ?? "?"}` : "Never"}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={token.revokedAt ? "red" : "green"}>
                      {token.revokedAt ? "Revoked" : "Active"}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {token.revokedAt ? null : (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        loading={revoking}
                        onClick={() => revokeToken(token)}
                        aria-label={`Revoke ${token.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollList>
      )}
    </Stack>
  );
}
