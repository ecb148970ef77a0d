// Setting changes in tests that need a setting raised: a raise waits for a second administrator
// (README, "Programme settings"), so the helper approves it as another one. Test-only.
import type { Db } from "../src/db/prisma.ts";
import { approveSettingChangeRequest, type SettingChange } from "../src/settings/service.ts";

/** Approves the change as `approverId` when it waits for a second administrator; a lowering is already applied. */
export async function approvedIfRaised(db: Db, change: SettingChange, approverId: number): Promise<void> {
  if (change.status === "AWAITING_APPROVAL")
    await approveSettingChangeRequest(db, { requestId: change.request.id }, { id: approverId });
}
