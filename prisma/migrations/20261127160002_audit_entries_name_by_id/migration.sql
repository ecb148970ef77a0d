-- Hand-written data migration (no schema change): audit entries name people by id, never by email,
-- username, phone or text a person typed (README, "Audit log"). Entries written before said who by
-- email address, username, the username typed at a failed sign-in (sometimes a password) or the
-- contract number; this rewrites those texts and keeps every id, action, amount and date.

-- A failed sign-in: nothing typed is kept; a known account is its resourceId.
UPDATE "AuditEntry"
SET details = CASE WHEN "resourceId" IS NULL THEN 'Failed sign-in for an unknown username' ELSE 'Failed sign-in' END
WHERE action = 'sign_in_failed' AND details LIKE 'Failed sign-in for username %';

UPDATE "AuditEntry"
SET details = 'Wrong verification code'
WHERE action = 'sign_in_failed' AND details LIKE 'Wrong verification code for username %';

UPDATE "AuditEntry" SET details = 'Email address confirmed' WHERE action = 'email_confirmed';

UPDATE "AuditEntry"
SET details = 'Customer #' || "resourceId" || ' approved'
WHERE action = 'customer_approved' AND "resourceId" IS NOT NULL;

UPDATE "AuditEntry"
SET details = 'Customer #' || "resourceId" || ' rejected'
WHERE action = 'customer_rejected' AND "resourceId" IS NOT NULL;

-- A pending registration's correction: the amounts stay; the contract number is said to have changed.
UPDATE "AuditEntry"
SET details = regexp_replace(
      regexp_replace(details, '^Customer .* edited while pending: ', 'Customer #' || "resourceId" || ' edited while pending: '),
      'contract number .*$', 'contract number changed'),
    "before" = CASE WHEN "before" IS NULL THEN NULL ELSE "before" - 'contractNumber' END,
    "after" = CASE
      WHEN "after" IS NULL THEN NULL
      ELSE ("after" - 'contractNumber') || jsonb_build_object(
        'contractNumberChanged', ("before" ->> 'contractNumber') IS DISTINCT FROM ("after" ->> 'contractNumber'))
    END
WHERE action = 'customer_updated' AND "resourceId" IS NOT NULL;

-- A retried email: its id names it; neither the address nor the server's refusal (which quotes it).
UPDATE "AuditEntry"
SET details = regexp_replace(details, ' to .* queued to be sent again$', ' queued to be sent again'),
    "before" = CASE WHEN "before" IS NULL THEN NULL ELSE "before" - 'lastError' END
WHERE action = 'email_retried';

UPDATE "AuditEntry"
SET details = regexp_replace(details, 'turned on for ".*" \(', 'turned on for user #' || "resourceId" || ' (')
WHERE action = 'second_factor_enrolled' AND "resourceId" IS NOT NULL;

UPDATE "AuditEntry"
SET details = regexp_replace(details, 'turned off by ".*" \(', 'turned off by user #' || "resourceId" || ' (')
WHERE action = 'second_factor_disabled' AND "resourceId" IS NOT NULL;

UPDATE "AuditEntry"
SET details = regexp_replace(details, '^Second factor of ".*" reset', 'Second factor of user #' || "resourceId" || ' reset')
WHERE action = 'second_factor_reset' AND "resourceId" IS NOT NULL;

-- Whatever else still holds an email address (a person's, in any entry): the address goes.
UPDATE "AuditEntry"
SET details = regexp_replace(details, '[^[:space:]<>"(),;:]+@[^[:space:]<>"(),;:]+\.[A-Za-z]{2,}', '[address removed]', 'g')
WHERE details ~ '[^[:space:]<>"(),;:]+@[^[:space:]<>"(),;:]+\.[A-Za-z]{2,}'
  AND "resourceType" IS DISTINCT FROM 'programme_settings';
