import { MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import { ForbiddenError } from "../lib/errors.ts";

/** Admin actions on a customer: a refusal of self-dealing (selfDealing.ts) answers FORBIDDEN as a typed error. */
export const ADMIN_ACTION_ERRORS = [...MUTATION_ERRORS, ForbiddenError];
