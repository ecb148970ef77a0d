import { Alert, Button, HStack, Input } from "@chakra-ui/react";

interface OneTimeSecretProps {
  secret: string;
  /** The field's accessible name ("New token secret"). */
  label: string;
  title: string;
  testId: string;
  onDone: () => void;
}

/** A secret the server shows once (an API token, a webhook signing secret): copyable, with a warning. */
export function OneTimeSecret({ secret, label, title, testId, onDone }: OneTimeSecretProps) {
  return (
    <Alert.Root status="warning" borderRadius="md" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{title}</Alert.Title>
        <HStack>
          <Input
            size="sm"
            readOnly
            value={secret}
            aria-label={label}
            fontFamily="mono"
            onFocus={(e) => e.target.select()}
          />
          <Button size="sm" variant="outline" onClick={() => navigator.clipboard?.writeText(secret)}>
            Copy
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Done
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
