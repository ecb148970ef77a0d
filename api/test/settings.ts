// Setting changes in tests that need a setting raised: a raise waits for a second administrator
// (docs/rules/settings.md, "Programme settings"), so the helper approves it as another one. Test-only.
import type { Db } from "../src/db/prisma.ts";
import {
  approveSettingChangeRequest,
  type SettingChange,
  setCreditRate,
  setFlaggedVerificationApproval,
} from "../src/settings/service.ts";
import { insertActor } from "./rows.ts";

/** Approves the change as `approverId` when it waits for a second administrator; a lowering is already applied. */
export async function approvedIfRaised(db: Db, change: SettingChange, approverId: number): Promise<void> {
  if (change.status === "AWAITING_APPROVAL")
    await approveSettingChangeRequest(db, { requestId: change.request.id }, { id: approverId });
}

const approvers = new WeakMap<Db, Promise<number>>();

/** A second administrator row per database, to approve raises with. */
function approverOf(db: Db): Promise<number> {
  let approver = approvers.get(db);
  if (!approver) {
    approver = insertActor(db, `setting-approver-${Date.now()}`);
    approvers.set(db, approver);
  }
  return approver;
}

/** Sets the credit rate as a test needs it: a lowering applies at once, a raise is approved by a second administrator. */
export async function setCreditRateApproved(db: Db, basisPoints: number, adminId: number): Promise<void> {
  await approvedIfRaised(db, await setCreditRate(db, { basisPoints }, { id: adminId }), await approverOf(db));
}

/** Sets the flagged verification approval (pence) as a test needs it: a raise is approved by a second administrator. */
export async function setFlaggedVerificationApprovalApproved(db: Db, pence: number, adminId: number): Promise<void> {
  const amount = (pence / 100).toFixed(2);
  await approvedIfRaised(
    db,
    await setFlaggedVerificationApproval(db, { amount }, { id: adminId }),
    await approverOf(db),
  );
}

/** The audit entry an administrator's programme-settings change over the loopback leaves: who, what before and after. */
export function settingsChangeAudit(actorId: number, change: { before: object; after: object; details: string }) {
  return { resourceType: "programme_settings", resourceId: "1", actorId, ...change, ipAddress: "127.0.0.1" };
}
