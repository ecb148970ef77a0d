// The Redoc standalone bundle as Vite's `?url` import gives it (a file copied as is), and what it defines on window.
declare module "redoc/bundles/redoc.standalone.js?url" {
  const url: string;
  export default url;
}

interface Window {
  Redoc?: {
    init(
      specUrl: string,
      options: Record<string, unknown>,
      element: HTMLElement,
      callback?: (error?: unknown) => void,
    ): void;
    destroy(element: HTMLElement): void;
  };
}
