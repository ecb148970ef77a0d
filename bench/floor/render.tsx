import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { prerender } from "react-dom/static";
import { FloorApp } from "./App.tsx";

/** The floor page's markup and emotion's styles for it, as web/src/ssr/renderPage.tsx renders the app's pages. */
export async function renderFloor(): Promise<{ html: string; styleTags: string }> {
  const cache = createCache({ key: "css" });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <FloorApp />
    </CacheProvider>,
  );
  const html = await new Response(prelude).text();
  return { html, styleTags: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}
