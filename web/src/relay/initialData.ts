import type { GraphQLResponse, Variables } from "relay-runtime";

/** The element the server writes the page's answers into (api/src/http/routeData.ts). */
const ELEMENT_ID = "relay-data";

interface InlinedAnswer {
  name: string;
  variables: Variables;
  response: GraphQLResponse;
}

/**
 * The answers the server ran for this page's own request and sent inside its HTML. Each answers the
 * first fetch of its operation and variables, then is forgotten: later fetches go to /graphql. They
 * belong to the address the page opened at: once a fetch is made anywhere else, all are dropped.
 */
export interface InitialData {
  take(name: string, variables: Variables): GraphQLResponse | undefined;
}

/** Read once, before the first render. A page without them (or with unreadable ones) fetches as before. */
export function readInitialData(doc: Document = document): InitialData {
  const answers = new Map<string, GraphQLResponse>();
  const openedAt = addressOf(doc);
  const text = doc.getElementById(ELEMENT_ID)?.textContent;
  if (text) {
    try {
      for (const answer of JSON.parse(text) as InlinedAnswer[])
        answers.set(keyOf(answer.name, answer.variables), answer.response);
    } catch {
      answers.clear();
    }
  }
  return {
    take(name, variables) {
      if (answers.size > 0 && addressOf(doc) !== openedAt) answers.clear();
      const key = keyOf(name, variables);
      const response = answers.get(key);
      answers.delete(key);
      return response;
    },
  };
}

function addressOf(doc: Document): string {
  return `${doc.location.pathname}${doc.location.search}`;
}

/** The server and Relay may list the same variables in another order. */
function keyOf(name: string, variables: Variables): string {
  return `${name}\u0000${JSON.stringify(variables, (_key, value) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  )}`;
}
