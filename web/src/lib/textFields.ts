// The API's rule for each text field (length and characters), imported as is: the forms refuse
// what the server refuses, with the server's message. api/src/lib/textFields.ts has no imports.
export { PASSWORD_MIN_LENGTH, TEXT_FIELDS, typedTextProblem } from "../../../api/src/lib/textFields.ts";
