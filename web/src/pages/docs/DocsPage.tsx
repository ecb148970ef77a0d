import { Box, Container, Heading, Link, Tabs, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import redocUrl from "redoc/bundles/redoc.standalone.js?url";

const OPENAPI_URL = "/api/openapi.json";
const SCHEMA_URL = "/schema.graphql";

/** /docs: the REST API (its generated OpenAPI document in the Redoc viewer) beside the GraphQL schema. */
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
      {/* One tab in the page at a time: Redoc's thousands of elements leave with its tab. */}
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} lazyMount unmountOnExit>
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

/**
 * Redoc's standalone bundle (its own React inside), added as a script when this tab shows: a file
 * of its own that no other page loads and the build copies without bundling it.
 */
let redocLoaded: Promise<NonNullable<Window["Redoc"]>> | undefined;
function loadRedoc() {
  redocLoaded ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = redocUrl;
    script.onload = () => (window.Redoc ? resolve(window.Redoc) : reject(new Error("Redoc did not load")));
    script.onerror = () => {
      redocLoaded = undefined;
      script.remove();
      reject(new Error("Redoc did not load"));
    };
    document.head.append(script);
  });
  return redocLoaded;
}

/**
 * Redoc's options: no search (its worker is a blob: script, which the CSP refuses); responses start
 * folded, which halves the page's elements (and the journey's axe time over all of them).
 */
const REDOC_OPTIONS = {
  disableSearch: true,
  theme: { typography: { fontFamily: "inherit", headings: { fontFamily: "inherit" } } },
};

function RestReference() {
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const element = target.current;
    loadRedoc()
      .then((redoc) => {
        if (cancelled || !element) return;
        redoc.init(OPENAPI_URL, REDOC_OPTIONS, element, (error) => {
          if (error && !cancelled) setFailed(true);
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      if (element) window.Redoc?.destroy(element);
    };
  }, []);
  if (failed)
    return <Text role="alert">The REST reference could not be loaded. The raw document is linked above.</Text>;
  // Redoc's tinted panels are translucent and its colours measured on white: the page's grey would fail contrast.
  return <Box as="section" ref={target} minH="60vh" bg="white" aria-label="REST API reference" />;
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
