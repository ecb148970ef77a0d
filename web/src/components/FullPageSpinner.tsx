import { Center, Spinner, Stack, Text } from "@chakra-ui/react";

/** Shown only while the session loads (docs/rules/web-app.md); pages show skeletons for their own data. */
export function FullPageSpinner() {
  return (
    <Center minHeight="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="xl" color="brand.solid" borderWidth="3px" aria-hidden="true" />
        <Text color="fg.muted">Loading...</Text>
      </Stack>
    </Center>
  );
}
