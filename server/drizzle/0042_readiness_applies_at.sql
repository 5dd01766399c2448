-- Every stored readiness rule says when it applies: after submit for a field of the bulk edit (filled in by partner
-- staff after submission; a supplier can never fill it in, whatever stage it was given) and for a rule that was given
-- the "attribute" stage, at submit for every other rule. The former "stage" key goes.
UPDATE "partner_rule_sets" SET "rules" = coalesce((
  SELECT jsonb_agg(
    ("rule" - 'stage') || jsonb_build_object('appliesAt',
      CASE
        WHEN "rule" ->> 'kind' = 'field-present' AND "rule" ->> 'field' NOT IN ('upc', 'productName', 'shippingProfile') THEN 'after-submit'
        WHEN "rule" ->> 'stage' = 'attribute' THEN 'after-submit'
        ELSE 'submit'
      END)
    ORDER BY "position")
  FROM jsonb_array_elements("rules") WITH ORDINALITY AS "r"("rule", "position")
), '[]'::jsonb)
WHERE jsonb_typeof("rules") = 'array';--> statement-breakpoint
-- The stored readiness counted the bulk edit's rules in the supplier's score: every partner's submissions are judged
-- again by the rules at submit (the recompute job the rule editor queues, one per partner with a configuration).
INSERT INTO "jobs" ("name", "payload", "company_id", "coalesce_key", "max_attempts")
SELECT 'submissions.recomputeReadiness', jsonb_build_object('partnerCompanyId', "company_id"), "company_id",
  'submissions.recomputeReadiness:' || "company_id", 5
FROM "partner_configurations"
WHERE NOT EXISTS (
  SELECT 1 FROM "jobs" WHERE "jobs"."coalesce_key" = 'submissions.recomputeReadiness:' || "partner_configurations"."company_id" AND "jobs"."status" = 'queued'
);
