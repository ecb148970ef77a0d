// The friend's name, phone and email as both referral forms check them (the customer's add form and
// staff's record form): required name and phone with the form's own words, the server's text rules.
import { TEXT_FIELDS, typedTextProblem } from "./textFields.ts";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function friendDetailProblems(
  values: { name: string; phone: string; email: string },
  required: { name: string; phone: string },
): { name?: string; phone?: string; email?: string } {
  const found: { name?: string; phone?: string; email?: string } = {};
  const name = values.name.trim() ? typedTextProblem(TEXT_FIELDS.referralName, values.name) : required.name;
  if (name) found.name = name;
  const phone = values.phone.trim() ? typedTextProblem(TEXT_FIELDS.referralPhone, values.phone) : required.phone;
  if (phone) found.phone = phone;
  const email = values.email.trim();
  const emailProblem =
    typedTextProblem(TEXT_FIELDS.referralEmail, values.email) ??
    (email && !EMAIL_SHAPE.test(email) ? "Please enter a valid email address" : null);
  if (emailProblem) found.email = emailProblem;
  return found;
}
