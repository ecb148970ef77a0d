import { Box, Code, List, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay/hooks";
import type { DemoAccountsHint_programme$key } from "../__generated__/DemoAccountsHint_programme.graphql.ts";

/** The demo credentials, shown only on a demo installation, never outside demo mode (docs/rules/accounts.md, "Demo mode"). */
export function DemoAccountsHint({ programme }: { programme: DemoAccountsHint_programme$key }) {
  const { demoMode, demoAccounts } = useFragment(
    graphql`
      fragment DemoAccountsHint_programme on Programme {
        demoMode
        demoAccounts {
          role
          username
          password
        }
      }
    `,
    programme,
  );
  if (!demoMode || demoAccounts.length === 0) return null;
  return (
    <Box
      as="section"
      aria-labelledby="demo-accounts-title"
      bg="brand.subtle"
      borderRadius="xl"
      p="4"
      data-testid="demo-hint"
    >
      <Text id="demo-accounts-title" fontWeight="semibold" color="brand.fg" mb="2">
        Demo accounts
      </Text>
      <List.Root gap="1" listStyle="none" textStyle="sm">
        {demoAccounts.map((account) => (
          <List.Item key={account.username}>
            {account.role}: <Code>{account.username}</Code> / <Code>{account.password}</Code>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
