-- The saved-game format whose rules each table plays by (lockpick_engine::FORMAT_VERSION when
-- it was created), so that a table begun before a rule was corrected replays as it was played.
-- NULL for the tables stored before this column: the server finds their format from the events
-- stored with their actions, and writes it here.
ALTER TABLE lp_tables ADD COLUMN format BIGINT;
