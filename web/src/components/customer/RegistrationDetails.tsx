import { DataList } from "@chakra-ui/react";
import { formatDate, formatMoney } from "./format.ts";

interface RegistrationDetailsProps {
  purchasePence: number;
  postcode: string;
  contractNumber: string;
  submittedAt?: string;
}

/** What the customer registered: shown while it is reviewed, or after it was turned down. */
export function RegistrationDetails({
  purchasePence,
  postcode,
  contractNumber,
  submittedAt,
}: RegistrationDetailsProps) {
  const rows: [string, string][] = [
    ["Purchase Amount", formatMoney(purchasePence)],
    ["Postcode", postcode],
    ["Contract Number", contractNumber],
  ];
  if (submittedAt) rows.push(["Submitted", formatDate(submittedAt)]);
  return (
    <DataList.Root orientation="horizontal" divideY="1px" gap="0" width="full">
      {rows.map(([label, value]) => (
        <DataList.Item key={label} py="3" justifyContent="space-between">
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue justifyContent="flex-end" fontWeight="semibold" textAlign="end">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
