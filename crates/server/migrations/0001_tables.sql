-- Lockpick tables: portable SQL, run unchanged on SQLite and PostgreSQL.

-- One row per table: what it takes to set the game up again.
CREATE TABLE lp_tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    -- The options as a JSON object of strings.
    options TEXT NOT NULL,
    seats BIGINT NOT NULL,
    -- The u64 seed, bit for bit, as a signed 64-bit integer.
    seed BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    -- The outcome as JSON once the game is over; NULL while it is played.
    outcome TEXT
);

-- One row per seat: a bot chosen at creation, or the hash of the seat token of the player who took it.
CREATE TABLE lp_seats (
    table_id TEXT NOT NULL REFERENCES lp_tables (id) ON DELETE CASCADE,
    seat BIGINT NOT NULL,
    bot TEXT,
    token_hash TEXT,
    name TEXT,
    PRIMARY KEY (table_id, seat)
);

-- The action log: every action that stands, in order, with its events redacted for each viewer.
CREATE TABLE lp_actions (
    table_id TEXT NOT NULL REFERENCES lp_tables (id) ON DELETE CASCADE,
    idx BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL,
    events TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);
