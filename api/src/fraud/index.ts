// The fraud domain's public module: what other domains use of it (the referrals domain's add,
// correction and verification). No schema or REST module loads from here.
export { type FraudSignalReport, fraudSignalFigures } from "./report.ts";
export {
  currentSignals,
  noticeSignalsOnAdd,
  type ReferralSignalKind,
  type ReferralSignalRow,
  refreshSignalsAfterCorrection,
  refreshSignalsAtVerification,
  SIGNAL_KINDS,
  SIGNAL_WORDS,
  type SignalFound,
} from "./service.ts";
