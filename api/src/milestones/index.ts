// The milestones domain's public module: what other domains use of it. Outside milestones/, compose/ imports its other files;
// other domains' schema and REST files use its types.ts (.dependency-cruiser.mjs). No schema or REST module loads from here.
