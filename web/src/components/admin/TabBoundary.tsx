import { Alert, Button, Skeleton, Stack } from "@chakra-ui/react";
import {
  Component,
  createContext,
  type ErrorInfo,
  type ReactNode,
  Suspense,
  useContext,
  useMemo,
  useState,
} from "react";

/** A tab's shape while it loads: a heading bar and a few dense rows. */
export function TabSkeleton({ label = "Loading" }: { label?: string }) {
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label={label} py="2">
      <Skeleton height="8" width="40%" borderRadius="md" />
      <Skeleton height="12" borderRadius="lg" />
      <Skeleton height="12" borderRadius="lg" />
      <Skeleton height="12" borderRadius="lg" />
    </Stack>
  );
}

interface CatcherProps {
  children: ReactNode;
  onRetry: () => void;
}

class ErrorCatcher extends Component<CatcherProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("An admin panel failed to load", error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert.Root status="error" role="alert" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>This could not be loaded</Alert.Title>
          <Alert.Description>{error.message || "Something went wrong."}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={this.props.onRetry}>
          Try again
        </Button>
      </Alert.Root>
    );
  }
}

let visits = 0;

/** Which opening of a tab (or dialog) this is, and which attempt at loading it. */
export interface TabVisit {
  visit: number;
  attempt: number;
}

const VisitContext = createContext<TabVisit>({ visit: 0, attempt: 0 });

/**
 * The boundary's visit and attempt, for useAdminQuery: a retry after a failure asks the server
 * again instead of being answered with the failure Relay keeps for a while, and each opening of
 * a tab can be told from the last one (the tab's own state is lost while it first suspends).
 */
export function useTabVisit(): TabVisit {
  return useContext(VisitContext);
}

/**
 * Loads a tab's data inside: a skeleton while it loads, and on failure the message with a retry
 * (the retry remounts the tab, which asks the server again).
 */
export function TabBoundary({ children, label }: { children: ReactNode; label?: string }) {
  const [attempt, setAttempt] = useState(0);
  const [visit] = useState(() => ++visits);
  const value = useMemo(() => ({ visit, attempt }), [visit, attempt]);
  return (
    <ErrorCatcher key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <VisitContext.Provider value={value}>
        <Suspense fallback={<TabSkeleton label={label} />}>{children}</Suspense>
      </VisitContext.Provider>
    </ErrorCatcher>
  );
}
