import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { prerender } from "react-dom/static";
import { Environment, type FetchFunction, Network, RecordSource, Store } from "relay-runtime";
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

/**
 * Renders the app at `path` as a signed-out visitor sees it once its data has arrived, the way
 * the browser's first render will: the same tree (App), the same class names (emotion's default
 * key), so hydrateRoot in main.tsx adopts the markup instead of replacing it.
 */
export async function renderPage(path: string, programme: ProgrammeSettings): Promise<RenderedPage> {
  const cache = createCache({ key: "css" });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  // isServer: Relay then sets no timers to release queries that a server render never commits.
  const environment = new Environment({
    network: Network.create(answers(programme)),
    store: new Store(new RecordSource()),
    isServer: true,
  });
  const errors: unknown[] = [];
  // prerender (unlike renderToString) waits for the lazy page chunks, so the markup is the page, not its skeleton.
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <Router ssrPath={path} ssrSearch="">
        <App environment={environment} />
      </Router>
    </CacheProvider>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${path} failed`);
  const html = await new Response(prelude).text();
  return { html, styleTags: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}

/** The queries a signed-out page makes, answered at once: no viewer, and the settings given. */
function answers(programme: ProgrammeSettings): FetchFunction {
  return (request) => {
    if (request.name === "viewerSessionQuery") return { data: { viewer: null } };
    if (request.name === "LandingPageQuery") return { data: { programme } };
    throw new Error(`The prerender has no answer for ${request.name}: prerender only signed-out pages.`);
  };
}
