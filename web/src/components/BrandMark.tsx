import { HStack, Icon, Text } from "@chakra-ui/react";
import { Gift } from "lucide-react";
import { Link as RouterLink } from "wouter";

export const PRODUCT_NAME = "HNG Referral Scheme";

/** The product's name with its mark, linking home. */
export function BrandMark({ to = "/" }: { to?: string }) {
  return (
    <RouterLink href={to} aria-label={`${PRODUCT_NAME}, home`}>
      <HStack gap="2">
        <Icon as={Gift} boxSize="7" color="brand.solid" aria-hidden="true" />
        <Text as="span" fontWeight="bold" fontSize="lg" color="fg" lineHeight="1.2">
          {PRODUCT_NAME}
        </Text>
      </HStack>
    </RouterLink>
  );
}
