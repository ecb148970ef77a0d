import { Badge, Button, Heading, HStack, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from "react-relay/hooks";
import type { AdminStaffPanelDeactivateMutation } from "../../__generated__/AdminStaffPanelDeactivateMutation.graphql.ts";
import type { AdminStaffPanelInviteMutation } from "../../__generated__/AdminStaffPanelInviteMutation.graphql.ts";
import type { AdminStaffPanelQuery } from "../../__generated__/AdminStaffPanelQuery.graphql.ts";
import type { AdminStaffPanelRoleMutation } from "../../__generated__/AdminStaffPanelRoleMutation.graphql.ts";
import type {
  AdminStaffPanelRow_user$data,
  AdminStaffPanelRow_user$key,
} from "../../__generated__/AdminStaffPanelRow_user.graphql.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { notifySuccess } from "../../notifications/notify.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { TextField } from "../TextField.tsx";
import { AdminDialog } from "./AdminDialog.tsx";
import { AdminEmpty } from "./AdminEmpty.tsx";
import { ColumnHeader } from "./ColumnHeader.tsx";
import { formatCount, NUMERIC } from "./format.ts";
import { ScrollList } from "./ScrollList.tsx";
import { conversion } from "./staffFigures.ts";
import { useAdminQuery } from "./useAdminQuery.ts";

const staffQuery = graphql`
  query AdminStaffPanelQuery {
    staffMembers {
      id
      ...AdminStaffPanelRow_user
    }
  }
`;

type Role = "CUSTOMER" | "STAFF" | "ADMIN";
const ROLE_LABEL: Record<Role, string> = { CUSTOMER: "Customer", STAFF: "Staff", ADMIN: "Administrator" };
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The Admin Panel's Staff tab (docs/rules/roles.md, "Inviting staff"): invite a member of staff by
 * email, and the staff with the referrals each recorded, the purchases verified on them and their
 * conversion; each row changes the member's role or deactivates them (after a dialog).
 */
export function AdminStaffPanel() {
  const environment = useRelayEnvironment();
  const { staffMembers } = useAdminQuery<AdminStaffPanelQuery>(staffQuery, {}, "every-visit");
  const [inviting, setInviting] = useState(false);
  // The list is read again after each change: a role change or an invitation moves rows in or out.
  const reload = () =>
    fetchQuery<AdminStaffPanelQuery>(environment, staffQuery, {}, { fetchPolicy: "network-only" }).subscribe({
      error: () => {},
    });

  return (
    <Stack as="section" aria-labelledby="staff-heading" gap="4">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Stack gap="0.5">
          <Heading as="h2" size="md" id="staff-heading">
            Staff ({staffMembers.length})
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            Showroom and sales staff record referrals for customers; they cannot verify, pay or see reports.
          </Text>
        </Stack>
        <Button size="sm" onClick={() => setInviting(true)}>
          <UserPlus aria-hidden="true" />
          Invite staff
        </Button>
      </HStack>
      {inviting ? <InviteStaffDialog onClose={() => setInviting(false)} onInvited={reload} /> : null}
      {staffMembers.length === 0 ? (
        <AdminEmpty icon={Users} title="No staff yet">
          Invite a member of staff: they get an email with a link to choose a password.
        </AdminEmpty>
      ) : (
        <ScrollList label="Staff">
          <Table.Root size="sm" stickyHeader data-testid="staff-members">
            <Table.Header>
              <Table.Row>
                <ColumnHeader>Name</ColumnHeader>
                <ColumnHeader>Email</ColumnHeader>
                <ColumnHeader>Status</ColumnHeader>
                <ColumnHeader numeric>Recorded referrals</ColumnHeader>
                <ColumnHeader numeric>Verified purchases</ColumnHeader>
                <ColumnHeader numeric>Conversion</ColumnHeader>
                <ColumnHeader>
                  <Text as="span" srOnly>
                    Actions
                  </Text>
                </ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {staffMembers.map((member) => (
                <AdminStaffPanelRow key={member.id} user={member} onChanged={reload} />
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollList>
      )}
    </Stack>
  );
}

function AdminStaffPanelRow({ user, onChanged }: { user: AdminStaffPanelRow_user$key; onChanged: () => void }) {
  const data = useFragment(
    graphql`
      fragment AdminStaffPanelRow_user on User {
        id
        databaseId
        username
        firstName
        lastName
        email
        role
        deactivatedAt
        recordedReferrals
        verifiedPurchases
      }
    `,
    user,
  );
  const [dialog, setDialog] = useState<"role" | "deactivate" | null>(null);
  const name = [data.firstName, data.lastName].filter(Boolean).join(" ") || data.username;
  return (
    <Table.Row data-testid="staff-member">
      <Table.Cell fontWeight="medium">{name}</Table.Cell>
      <Table.Cell>{data.email}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={data.deactivatedAt ? "gray" : "green"} variant="subtle">
          {data.deactivatedAt ? "Deactivated" : "Active"}
        </Badge>
      </Table.Cell>
      <Table.Cell {...NUMERIC}>{formatCount(data.recordedReferrals)}</Table.Cell>
      <Table.Cell {...NUMERIC}>{formatCount(data.verifiedPurchases)}</Table.Cell>
      <Table.Cell {...NUMERIC}>{conversion(data.recordedReferrals, data.verifiedPurchases)}</Table.Cell>
      <Table.Cell>
        {data.deactivatedAt ? null : (
          <HStack gap="2" justify="flex-end">
            <Button size="xs" variant="outline" aria-label={`Change role of ${name}`} onClick={() => setDialog("role")}>
              Change role
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={`Deactivate ${name}`}
              onClick={() => setDialog("deactivate")}
            >
              Deactivate
            </Button>
          </HStack>
        )}
        {dialog === "role" ? (
          <ChangeRoleDialog user={data} name={name} onClose={() => setDialog(null)} onChanged={onChanged} />
        ) : null}
        {dialog === "deactivate" ? (
          <DeactivateDialog user={data} name={name} onClose={() => setDialog(null)} onChanged={onChanged} />
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}

type InviteField = "email" | "firstName" | "lastName";

function InviteStaffDialog({ onClose, onInvited }: { onClose: () => void; onInvited: () => void }) {
  const [values, setValues] = useState<Record<InviteField, string>>({ email: "", firstName: "", lastName: "" });
  const [errors, setErrors] = useState<Partial<Record<InviteField, string>>>({});
  const [commit, isInFlight] = useMutationWithNotice<AdminStaffPanelInviteMutation>(graphql`
    mutation AdminStaffPanelInviteMutation($input: InviteStaffInput!) {
      inviteStaff(input: $input) {
        __typename
        ... on MutationInviteStaffSuccess {
          data {
            id
            email
          }
        }
        ... on Error {
          message
        }
        ... on ValidationError {
          field
        }
      }
    }
  `);
  const set = (field: InviteField) => (value: string) => setValues((now) => ({ ...now, [field]: value }));

  function invite() {
    const found: Partial<Record<InviteField, string>> = {};
    const email = values.email.trim();
    const emailProblem = email
      ? (typedTextProblem(TEXT_FIELDS.email, email) ?? (EMAIL_SHAPE.test(email) ? null : "Enter a valid email address"))
      : "Enter their email address";
    if (emailProblem) found.email = emailProblem;
    const first = values.firstName.trim()
      ? typedTextProblem(TEXT_FIELDS.firstName, values.firstName)
      : "Enter their first name";
    if (first) found.firstName = first;
    const last = values.lastName.trim()
      ? typedTextProblem(TEXT_FIELDS.lastName, values.lastName)
      : "Enter their last name";
    if (last) found.lastName = last;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    commit({
      variables: { input: { email, firstName: values.firstName.trim(), lastName: values.lastName.trim() } },
      failed: "Failed to Invite Staff",
      onSuccess: () => {
        notifySuccess("Invitation Sent", `${email} has an email with a link to choose a password (valid 7 days).`);
        onInvited();
        onClose();
      },
      onFailure: (failure, result) => {
        // An address another account has is the invitation's one conflict (docs/rules/roles.md, "Inviting staff").
        const field =
          (["email", "firstName", "lastName"] as const).find((name) => name === failure.field) ??
          (result.__typename === "ConflictError" ? "email" : undefined);
        if (field) {
          setErrors({ [field]: failure.message });
          return true;
        }
      },
    });
  }

  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title="Invite staff"
      description="They get an email with a link, valid 7 days, to choose a password; their username is their email address."
      confirmLabel="Send invitation"
      loading={isInFlight}
      loadingText="Sending..."
      onConfirm={invite}
    >
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoCapitalize="none"
        autoComplete="off"
        required
        value={values.email}
        error={errors.email}
        onValueChange={set("email")}
      />
      <TextField
        label="First name"
        name="firstName"
        autoComplete="off"
        required
        value={values.firstName}
        error={errors.firstName}
        onValueChange={set("firstName")}
      />
      <TextField
        label="Last name"
        name="lastName"
        autoComplete="off"
        required
        value={values.lastName}
        error={errors.lastName}
        onValueChange={set("lastName")}
      />
    </AdminDialog>
  );
}

type RowUser = Pick<AdminStaffPanelRow_user$data, "databaseId" | "role">;

function ChangeRoleDialog({
  user,
  name,
  onClose,
  onChanged,
}: {
  user: RowUser;
  name: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [role, setRole] = useState<Role>(user.role === "%future added value" ? "STAFF" : user.role);
  const [commit, isInFlight] = useMutationWithNotice<AdminStaffPanelRoleMutation>(graphql`
    mutation AdminStaffPanelRoleMutation($input: SetUserRoleInput!) {
      setUserRole(input: $input) {
        __typename
        ... on MutationSetUserRoleSuccess {
          data {
            id
            role
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Change the role of ${name}`}
      description="Their sessions end at once; they sign in again with the new role."
      confirmLabel="Change role"
      confirmDisabled={role === user.role}
      loading={isInFlight}
      loadingText="Changing..."
      onConfirm={() =>
        commit({
          variables: { input: { userId: user.databaseId, role } },
          failed: "Failed to Change the Role",
          onSuccess: () => {
            notifySuccess("Role Changed", `${name} is now: ${ROLE_LABEL[role]}.`);
            onChanged();
            onClose();
          },
        })
      }
    >
      <NativeSelect.Root>
        <NativeSelect.Field
          aria-label="Role"
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as Role)}
        >
          {(Object.keys(ROLE_LABEL) as Role[]).map((value) => (
            <option key={value} value={value}>
              {ROLE_LABEL[value]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </AdminDialog>
  );
}

function DeactivateDialog({
  user,
  name,
  onClose,
  onChanged,
}: {
  user: RowUser;
  name: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [commit, isInFlight] = useMutationWithNotice<AdminStaffPanelDeactivateMutation>(graphql`
    mutation AdminStaffPanelDeactivateMutation($input: DeactivateUserInput!) {
      deactivateUser(input: $input) {
        __typename
        ... on MutationDeactivateUserSuccess {
          data {
            id
            deactivatedAt
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Deactivate ${name}?`}
      description={`${name} is signed out everywhere at once and can no longer sign in. The referrals they recorded stay.`}
      confirmLabel="Deactivate"
      tone="red"
      loading={isInFlight}
      loadingText="Deactivating..."
      onConfirm={() =>
        commit({
          variables: { input: { userId: user.databaseId } },
          failed: "Failed to Deactivate",
          onSuccess: () => {
            notifySuccess("Staff Member Deactivated", `${name} can no longer sign in.`);
            onChanged();
            onClose();
          },
        })
      }
    />
  );
}
