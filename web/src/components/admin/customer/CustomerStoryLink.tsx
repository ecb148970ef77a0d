import { Link } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "wouter";

/** A customer's name in an admin list, linking to their whole story (/admin/customers/:id). */
export function CustomerStoryLink({ databaseId, children }: { databaseId: number; children: ReactNode }) {
  return (
    <Link
      asChild
      color="fg"
      textDecoration="underline"
      textDecorationColor="border.emphasized"
      textUnderlineOffset="2px"
    >
      <RouterLink href={`/admin/customers/${databaseId}`}>{children}</RouterLink>
    </Link>
  );
}
