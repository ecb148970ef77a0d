// The roles domain's public module: what other parts use of it. Outside roles/, compose/ imports its other files
// (.dependency-cruiser.mjs). It exports services and plain types: no schema or REST module loads from here.
export {
  deactivateUser,
  inviteStaff,
  parseRole,
  STAFF_INVITATION_TTL_DAYS,
  setUserRole,
  staffMembers,
} from "./service.ts";
