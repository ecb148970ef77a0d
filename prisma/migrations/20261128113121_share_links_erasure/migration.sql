-- Hand-written: the share link's consent record and the friend's own confirmation email follow the
-- referral's erasure on every path (expiry, the customer's withdrawal, an administrator's erasure on
-- request, an account's deletion, the friend's own withdrawal), done by PostgreSQL itself so that no
-- write path can forget it (docs/rules/share-links.md, "Consent").
CREATE FUNCTION share_link_friend_erased() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ShareLinkConsent"
     SET "ipAddress" = NULL, "withdrawTokenHash" = NULL, "erasedAt" = NEW."erasedAt"
   WHERE "referralId" = NEW.id;
  -- The email that told the friend what was stored: its text (the details and the link) and address go.
  -- The text is emails/retention.ts's ERASED_EMAIL_BODY, so the outbox never sends it again.
  UPDATE "Email"
     SET "toAddress" = 'erased-referral-' || NEW.id || '@erased.invalid',
         "textBody" = '[The text of this email was removed when the account was erased.]',
         "htmlBody" = '<p>[The text of this email was removed when the account was erased.]</p>',
         -- Not sent yet: it never will be (a retry of such a body is refused, emails/service.ts).
         "lastError" = CASE WHEN "status" = 'PENDING' THEN 'Not sent: the details were erased first.' ELSE "lastError" END,
         "status" = CASE WHEN "status" = 'PENDING' THEN 'FAILED'::"EmailStatus" ELSE "status" END
   WHERE "referralId" = NEW.id AND "type"::text = 'SHARE_LINK_FRIEND_CONFIRMATION';
  RETURN NULL;
END
$$;

CREATE TRIGGER share_link_friend_erased
  AFTER UPDATE OF "erasedAt" ON "Referral"
  FOR EACH ROW
  WHEN (NEW."erasedAt" IS NOT NULL AND OLD."erasedAt" IS NULL)
  EXECUTE FUNCTION share_link_friend_erased();
