import { Skeleton, SkeletonText, Stack } from "@chakra-ui/react";
import { PageContainer } from "./PageContainer.tsx";

/** A page's shape while its code or data loads: a header bar, a hero card and a few rows. */
export function PageSkeleton() {
  return (
    <PageContainer py="6" role="status" aria-busy="true" aria-label="Loading page">
      <Stack gap="5">
        <Skeleton height="10" borderRadius="lg" />
        <Skeleton height="40" borderRadius="2xl" />
        <SkeletonText noOfLines={3} gap="3" />
        <Skeleton height="20" borderRadius="2xl" />
      </Stack>
    </PageContainer>
  );
}
