// The share links domain's public module: what other domains and compose/ use of it. No schema or REST module loads from here.
export { createShareLinkGuard } from "./guard.ts";
export { channelFigures, type ReferralChannelRow } from "./service.ts";
export { viewerShareLinkFromJson, viewerShareLinkJson } from "./viewerLink.ts";
