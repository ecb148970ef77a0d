import { Box, Container, Heading, Link, Tabs, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";

const OPENAPI_URL = "/api/openapi.json";
const SCHEMA_URL = "/schema.graphql";

/** /docs: the REST API (its generated OpenAPI document in the Scalar viewer) beside the GraphQL schema. */
export function DocsPage() {
  const [tab, setTab] = useState("rest");
  return (
    <Container maxW="7xl" py={{ base: "4", md: "8" }} px={{ base: "3", md: "6" }}>
      <Heading as="h1" size="2xl" mb="2">
        API documentation
      </Heading>
      <Text color="fg.muted" mb="4">
        Every REST path runs one GraphQL operation, so both follow the same rules. The raw documents:{" "}
        <Link href={OPENAPI_URL}>OpenAPI (JSON)</Link> and <Link href={SCHEMA_URL}>GraphQL schema (SDL)</Link>.
      </Text>
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="rest">REST API</Tabs.Trigger>
          <Tabs.Trigger value="graphql">GraphQL schema</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="rest">
          <RestReference />
        </Tabs.Content>
        <Tabs.Content value="graphql">
          <GraphQLReference />
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}

/** The Scalar viewer, imported here only: its chunk loads when /docs opens, never on other pages. */
function RestReference() {
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let app: { destroy: () => void } | undefined;
    let cancelled = false;
    Promise.all([import("@scalar/api-reference"), import("@scalar/api-reference/style.css")])
      .then(([{ createApiReference }]) => {
        if (cancelled || !target.current) return;
        // No fonts, client or AI agent from other hosts: the page works offline and sends nothing elsewhere.
        app = createApiReference(target.current, {
          url: OPENAPI_URL,
          withDefaultFonts: false,
          hideClientButton: true,
          telemetry: false,
          showDeveloperTools: "never",
          agent: { disabled: true },
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      app?.destroy();
    };
  }, []);
  if (failed)
    return <Text role="alert">The REST reference could not be loaded. The raw document is linked above.</Text>;
  return <Box ref={target} minH="60vh" aria-label="REST API reference" />;
}

/** The schema as printed by the server (schema.graphql), one block per type. */
function GraphQLReference() {
  const [sdl, setSdl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetch(SCHEMA_URL)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then(setSdl)
      .catch(() => setFailed(true));
  }, []);
  if (failed) return <Text role="alert">The GraphQL schema could not be loaded.</Text>;
  if (sdl === null) return <Text>Loading the GraphQL schema…</Text>;
  return (
    <Box>
      <Text mb="3">
        Send queries and mutations to <code>POST /graphql</code> as JSON (<code>{"{ query, variables }"}</code>).
      </Text>
      <Box
        as="pre"
        fontSize="sm"
        bg="bg.muted"
        p="4"
        borderRadius="md"
        overflowX="auto"
        whiteSpace="pre"
        tabIndex={0}
        aria-label="GraphQL schema"
      >
        {sdl}
      </Box>
    </Box>
  );
}
