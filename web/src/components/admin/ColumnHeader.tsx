import { Table } from "@chakra-ui/react";
import { NUMERIC } from "./format.ts";

interface ColumnHeaderProps extends Table.ColumnHeaderProps {
  /** A column of figures: its heading aligns with them (right, every digit the same width). */
  numeric?: boolean;
  /** No muted band behind the heading (a table that is not a scrolling list). */
  plain?: boolean;
}

/** A column's heading in the admin tables: the muted band that stays under a sticky header, and figures' alignment. */
export function ColumnHeader({ numeric = false, plain = false, ...props }: ColumnHeaderProps) {
  return <Table.ColumnHeader {...(plain ? {} : { bg: "bg.muted" })} {...(numeric ? NUMERIC : {})} {...props} />;
}
