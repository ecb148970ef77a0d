import { Button, Center, Heading, Icon, Stack, Text } from "@chakra-ui/react";
import { TriangleAlert } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { PageContainer } from "./PageContainer.tsx";

interface State {
  error: Error | null;
}

/** A page that failed to load its code or its data: say so and offer a reload. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("A page failed to render", error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Center as="main" minHeight="100dvh" py="10">
        <PageContainer>
          <Stack
            align="center"
            textAlign="center"
            gap="4"
            bg="bg.panel"
            borderRadius="2xl"
            boxShadow="card"
            p="8"
            role="alert"
          >
            <Icon as={TriangleAlert} boxSize="12" color="red.fg" aria-hidden="true" />
            <Heading as="h1" size="2xl">
              Something went wrong
            </Heading>
            <Text color="fg.muted">{error.message || "The page could not be loaded."}</Text>
            <Button size="lg" onClick={() => window.location.reload()}>
              Try again
            </Button>
          </Stack>
        </PageContainer>
      </Center>
    );
  }
}
