import { Box, HStack, SimpleGrid, Skeleton, SkeletonCircle, SkeletonText, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { PageContainer } from "../PageContainer.tsx";

/*
 * Loading states shaped like the screens they stand in for. They are small and carry no data
 * code, so the routes can show them while a page's chunk and query load.
 */

function TopBarSkeleton() {
  return (
    <Box bg="bg.panel" borderBottomWidth="1px" borderColor="border.muted">
      <PageContainer py="3">
        <HStack justify="space-between">
          <Skeleton height="6" width="48" borderRadius="md" />
          <HStack gap="2">
            <SkeletonCircle size="10" />
            <SkeletonCircle size="10" />
          </HStack>
        </HStack>
      </PageContainer>
    </Box>
  );
}

function Busy({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minHeight="100dvh" aria-busy="true" aria-label={label} role="status">
      {children}
    </Box>
  );
}

/** The dashboard's Home tab: greeting, progress ring, two figures, three tiles, recent activity. */
export function DashboardSkeleton() {
  return (
    <Busy label="Loading your dashboard">
      <TopBarSkeleton />
      <PageContainer py="5">
        <Stack gap="5">
          <Skeleton height="8" width="70%" borderRadius="md" />
          <Box bg="bg.panel" borderRadius="2xl" boxShadow="card" p="6">
            <HStack gap="5" justify="center">
              <SkeletonCircle size="40" />
              <Stack gap="3" flex="1">
                <SkeletonText noOfLines={2} />
                <SkeletonText noOfLines={2} />
              </Stack>
            </HStack>
          </Box>
          <SimpleGrid columns={2} gap="3">
            <Skeleton height="20" borderRadius="2xl" />
            <Skeleton height="20" borderRadius="2xl" />
          </SimpleGrid>
          <SimpleGrid columns={3} gap="3">
            <Skeleton height="24" borderRadius="2xl" />
            <Skeleton height="24" borderRadius="2xl" />
            <Skeleton height="24" borderRadius="2xl" />
          </SimpleGrid>
          <Stack bg="bg.panel" borderRadius="2xl" boxShadow="card" p="5" gap="4">
            {[0, 1, 2].map((row) => (
              <HStack key={row} gap="3">
                <SkeletonCircle size="10" />
                <SkeletonText noOfLines={2} flex="1" />
              </HStack>
            ))}
          </Stack>
        </Stack>
      </PageContainer>
    </Busy>
  );
}

/** A page with a heading and a form card (Complete Registration). */
export function FormPageSkeleton() {
  return (
    <Busy label="Loading the form">
      <TopBarSkeleton />
      <PageContainer py="6">
        <Stack gap="5">
          <Skeleton height="9" width="80%" borderRadius="md" />
          <SkeletonText noOfLines={2} />
          <Stack bg="bg.panel" borderRadius="2xl" boxShadow="card" p="5" gap="5">
            {[0, 1, 2].map((field) => (
              <Stack key={field} gap="2">
                <Skeleton height="4" width="40%" borderRadius="sm" />
                <Skeleton height="11" borderRadius="md" />
              </Stack>
            ))}
            <Skeleton height="6" width="75%" borderRadius="sm" />
            <Skeleton height="11" borderRadius="md" />
          </Stack>
        </Stack>
      </PageContainer>
    </Busy>
  );
}

/** Milestone Rewards: the progress card, then three milestone cards as a journey. */
export function MilestonesSkeleton() {
  return (
    <Busy label="Loading milestone information">
      <TopBarSkeleton />
      <PageContainer py="5">
        <MilestonesContentSkeleton />
      </PageContainer>
    </Busy>
  );
}

export function MilestonesContentSkeleton() {
  return (
    <Stack gap="5">
      <Skeleton height="9" width="70%" borderRadius="md" />
      <Stack bg="bg.panel" borderRadius="2xl" boxShadow="card" p="5" gap="4">
        <SimpleGrid columns={2} gap="4">
          <SkeletonText noOfLines={2} />
          <SkeletonText noOfLines={2} />
        </SimpleGrid>
        <Skeleton height="3" borderRadius="full" />
      </Stack>
      {[0, 1, 2].map((step) => (
        <HStack key={step} gap="3" align="flex-start">
          <SkeletonCircle size="10" />
          <Skeleton height="24" flex="1" borderRadius="2xl" />
        </HStack>
      ))}
    </Stack>
  );
}

/** The Activity page: the top bar, then a list of entries. */
export function ActivitySkeleton() {
  return (
    <Busy label="Loading your activity">
      <TopBarSkeleton />
      <PageContainer py="5">
        <ActivityListSkeleton />
      </PageContainer>
    </Busy>
  );
}

export function ActivityListSkeleton() {
  return (
    <Stack bg="bg.panel" borderRadius="2xl" boxShadow="card" p="5" gap="4">
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <HStack key={row} gap="3" align="flex-start">
          <SkeletonCircle size="10" />
          <SkeletonText noOfLines={2} flex="1" />
        </HStack>
      ))}
    </Stack>
  );
}
