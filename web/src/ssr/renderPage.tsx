import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { prerender } from "react-dom/static";
import {
  Environment,
  type FetchFunction,
  type GraphQLResponse,
  Network,
  RecordSource,
  Store,
  type Variables,
} from "relay-runtime";
import { Router } from "wouter";
import { App } from "../App.tsx";

/** The programme's public settings, as the landing page's query reads them. */
export interface ProgrammeSettings {
  demoMode: boolean;
  demoAccounts: { role: string; username: string; password: string }[];
  creditRateBasisPoints: number;
  creditRatePercent: string;
  creditPerPound: string;
}

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** emotion's <style> elements for that markup (Chakra's global CSS included), for <head>. */
  styleTags: string;
}

/** One answer the server inlined in a page (api/src/http/routeData.ts), as web/src/relay/initialData.ts reads it. */
export interface InlinedAnswer {
  name: string;
  variables: Variables;
  response: GraphQLResponse;
}

/**
 * Renders the app at `path` as a signed-out visitor sees it once its data has arrived, the way
 * the browser's first render will: the same tree (App), the same class names (emotion's default
 * key), so hydrateRoot in main.tsx adopts the markup instead of replacing it.
 */
export function renderPage(path: string, programme: ProgrammeSettings): Promise<RenderedPage> {
  return render(path, "", signedOutAnswers(programme));
}

/**
 * Renders a signed-in page with the answers the server inlines in it for this request, which the
 * browser's first render reads too (relay/initialData.ts): the same markup, so it hydrates.
 * Rejects when the page asks for anything else: the server then sends the plain shell.
 */
export async function renderSignedInPage(
  path: string,
  search: string,
  answers: InlinedAnswer[],
): Promise<RenderedPage> {
  const byKey = new Map(answers.map((answer) => [answerKey(answer.name, answer.variables), answer.response]));
  const missing: string[] = [];
  const page = await render(path, search, (request, variables) => {
    const response = byKey.get(answerKey(request.name, variables));
    if (response) return response;
    // An error boundary would show a failure the browser, fetching it, does not: no markup then.
    missing.push(request.name);
    throw new Error(`The page's inlined data has no answer for ${request.name}`);
  });
  if (missing.length > 0) throw new Error(`${path} asks for data the page does not carry: ${missing.join(", ")}`);
  return page;
}

/**
 * A page whose code was not yet rendered in this process suspends once on its lazy chunk (React.lazy
 * resolves on first use); rendered again, it comes from the loaded module. Markup that still needs a
 * script (a boundary written out of order, put in place by an inline script the page's CSP refuses)
 * is refused: the server then sends the shell.
 */
async function render(path: string, search: string, fetchFn: FetchFunction): Promise<RenderedPage> {
  for (let attempt = 1; ; attempt++) {
    const page = await renderOnce(path, search, fetchFn);
    if (!page.html.includes("<!--$?-->") && !page.html.includes("<script")) return page;
    if (attempt === 3) throw new Error(`${path} rendered with boundaries that need a script to show`);
  }
}

async function renderOnce(path: string, search: string, fetchFn: FetchFunction): Promise<RenderedPage> {
  const cache = createCache({ key: "css" });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  // isServer: Relay then sets no timers to release queries that a server render never commits.
  const environment = new Environment({
    network: Network.create(fetchFn),
    store: new Store(new RecordSource()),
    isServer: true,
  });
  const errors: unknown[] = [];
  // prerender (unlike renderToString) waits for the lazy page chunks, so the markup is the page, not its skeleton.
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <Router ssrPath={path} ssrSearch={search}>
        <App environment={environment} />
      </Router>
    </CacheProvider>,
    {
      onError: (error) => void errors.push(error),
      // React writes a finished boundary that comes after 12.8 KB of markup out of order by default
      // (`<!--$?-->`, its content in a hidden segment and a script to move it), to stream it later;
      // this markup goes whole in one answer, and /milestones' and /admin's content is past that mark.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${path} failed`);
  const html = await new Response(prelude).text();
  return { html, styleTags: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}

/** The queries a signed-out page makes, answered at once: no viewer, and the settings given. */
function signedOutAnswers(programme: ProgrammeSettings): FetchFunction {
  return (request) => {
    if (request.name === "viewerSessionQuery") return { data: { viewer: null } };
    if (request.name === "LandingPageQuery") return { data: { programme } };
    throw new Error(`The prerender has no answer for ${request.name}: prerender only signed-out pages.`);
  };
}

/** As relay/initialData.ts keys them: the server and Relay may list the same variables in another order. */
function answerKey(name: string, variables: Variables): string {
  return `${name}\u0000${JSON.stringify(variables, (_key, value) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  )}`;
}
