// Phone numbers as people read them, by the API's own pure module: the screens, the emails and the
// API's display texts write a number the same way (docs/rules/referrals.md, "Phone numbers").
export { formatPhone } from "../../../api/src/lib/phoneDisplay.ts";
