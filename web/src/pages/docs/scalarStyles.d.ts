// Vite bundles the viewer's stylesheet into the /docs chunk; TypeScript only needs to know it exists.
declare module "@scalar/api-reference/style.css";
