-- Drafts of a sheet import that kept a name or product fact the supplier changed in the portal since the last import.
ALTER TABLE "sheet_imports" ADD COLUMN "kept" integer DEFAULT 0 NOT NULL;
