-- The column mapping a company confirmed for a supplier sheet, by the sheet's headers: offered again for the next sheet
-- with the same headers.
CREATE TABLE "sheet_mappings" (
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"signature" text NOT NULL,
	"targets" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sheet_mappings_company_id_signature_pk" PRIMARY KEY("company_id","signature")
);
