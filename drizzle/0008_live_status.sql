-- Live status by LISTEN/NOTIFY: every change to a transcription names its owner on the
-- channel, so a web host's one listening connection wakes exactly the streams of that user.
CREATE OR REPLACE FUNCTION notify_transcription_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('transcription_changed', NEW.user_id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER transcriptions_notify_changed AFTER INSERT OR UPDATE ON "transcriptions"
  FOR EACH ROW EXECUTE FUNCTION notify_transcription_changed();
