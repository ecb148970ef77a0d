import { Alert, Button, Stack } from "@chakra-ui/react";
import { LayoutDashboard } from "lucide-react";
import { Link as RouterLink } from "wouter";
import { SignOutButton } from "../../auth/SignOutButton.tsx";
import { AdminCustomerApprovalTab } from "../../components/admin/AdminCustomerApprovalTab.tsx";
import { AdminShell } from "../../components/admin/AdminShell.tsx";
import { TabBoundary } from "../../components/admin/TabBoundary.tsx";

/**
 * /admin-test: the simplified page to approve, edit and reject pending customers
 * (the route shows Access Denied to anyone who is not an administrator).
 */
export function AdminTestPage() {
  return (
    <AdminShell
      title="Admin Test"
      subtitle="Approve, edit and reject pending registrations"
      actions={
        <>
          <Button asChild variant="outline" size="sm">
            <RouterLink href="/admin">
              <LayoutDashboard aria-hidden="true" />
              Admin Panel
            </RouterLink>
          </Button>
          <SignOutButton size="sm">Logout</SignOutButton>
        </>
      }
    >
      <Stack gap="4">
        <Alert.Root status="info" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Description>A simplified view of the Admin Panel's Customer Approval tab.</Alert.Description>
        </Alert.Root>
        <TabBoundary label="Loading pending registrations">
          <AdminCustomerApprovalTab heading="Pending Customers" />
        </TabBoundary>
      </Stack>
    </AdminShell>
  );
}
