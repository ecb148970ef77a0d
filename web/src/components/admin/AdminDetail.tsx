import { DataList } from "@chakra-ui/react";

/** One label and its figure in an admin DataList (dialogs, the customer page's figures). */
export function AdminDetail({
  label,
  value,
  labelWidth = "24",
}: {
  label: string;
  value: string;
  labelWidth?: string;
}) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minWidth={labelWidth}>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontVariantNumeric="tabular-nums">{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
