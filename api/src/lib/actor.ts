/** Who performs an administrative change, as the audit log records it. */
export interface Actor {
  id: number;
  ip?: string | null;
}

/** The signed-in caller of an admin-only resolver (the scope has already required a viewer). */
export const actorOf = (context: { viewer: { id: number } | null; ip: string }): Actor => ({
  id: context.viewer!.id,
  ip: context.ip,
});
