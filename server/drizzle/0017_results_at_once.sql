-- Issue 20 item 5: a worker wakes when a job becomes due, and a draft's page hears when a file has been read.
-- Triggers notify; PostgreSQL delivers a notification only when the transaction that sent it commits, so whoever
-- hears it can read the change. Identical notifications in one transaction are delivered once.
CREATE FUNCTION notify_job_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A retry put back with a backoff is due later: the poll takes it then.
  IF NEW.run_at <= now() + interval '1 second' THEN
    PERFORM pg_notify('jobs_queued', NEW.name);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_queued_on_insert AFTER INSERT ON jobs FOR EACH ROW WHEN (NEW.status = 'queued')
  EXECUTE FUNCTION notify_job_queued();
--> statement-breakpoint
CREATE TRIGGER jobs_queued_on_update AFTER UPDATE OF status ON jobs FOR EACH ROW
  WHEN (NEW.status = 'queued' AND OLD.status IS DISTINCT FROM 'queued')
  EXECUTE FUNCTION notify_job_queued();
--> statement-breakpoint
CREATE FUNCTION notify_draft_file_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  f draft_files;
BEGIN
  IF TG_OP = 'DELETE' THEN f := OLD; ELSE f := NEW; END IF;
  PERFORM pg_notify('draft_file_changed', f.draft_id::text || ' ' || f.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER draft_files_changed AFTER UPDATE ON draft_files FOR EACH ROW
  WHEN (OLD.detection_status IS DISTINCT FROM NEW.detection_status OR OLD.thumbnail_key IS DISTINCT FROM NEW.thumbnail_key)
  EXECUTE FUNCTION notify_draft_file_changed();
--> statement-breakpoint
-- A file removed, or its draft submitted or deleted (the files go with it): the page is told the draft is gone.
CREATE TRIGGER draft_files_removed AFTER DELETE ON draft_files FOR EACH ROW EXECUTE FUNCTION notify_draft_file_changed();
