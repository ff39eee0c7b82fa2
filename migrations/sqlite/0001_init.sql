-- The store of the domino bot: tables with their logs, chat settings, seasons, scoreboards and
-- finished matches. Chats and users are (platform key, id text); times are Unix milliseconds.

-- One table in one chat: the latest snapshot (serde JSON of `session::Table`, holding the same
-- id, number and version), bumped by every accepted command.
CREATE TABLE tables (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_platform TEXT    NOT NULL,
    chat_id       TEXT    NOT NULL,
    number        INTEGER NOT NULL,
    version       INTEGER NOT NULL,
    open          INTEGER NOT NULL CHECK (open IN (0, 1)),
    snapshot      TEXT    NOT NULL,
    updated_at    INTEGER NOT NULL,
    UNIQUE (chat_platform, chat_id, number)
);

-- Start-up loads every open table: a partial index keeps that a scan of open rows only.
CREATE INDEX tables_open ON tables (id) WHERE open = 1;

-- A table's log: the events of each accepted command, `version` being the table's version
-- after it and `seq` the event's place within the command.
CREATE TABLE table_events (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    version  INTEGER NOT NULL,
    seq      INTEGER NOT NULL,
    event    TEXT    NOT NULL,
    PRIMARY KEY (table_id, version, seq)
) WITHOUT ROWID;

CREATE TABLE chat_settings (
    chat_platform TEXT    NOT NULL,
    chat_id       TEXT    NOT NULL,
    lang          TEXT    NOT NULL,
    turn_secs     INTEGER,
    bot_level     TEXT    NOT NULL,
    presets       TEXT    NOT NULL,
    PRIMARY KEY (chat_platform, chat_id)
);

-- Seasons a chat started; a chat without rows is in season 1.
CREATE TABLE seasons (
    chat_platform TEXT    NOT NULL,
    chat_id       TEXT    NOT NULL,
    number        INTEGER NOT NULL,
    started_at    INTEGER NOT NULL,
    PRIMARY KEY (chat_platform, chat_id, number)
);

-- One player's line on a chat's scoreboard, per season and variant. Computer players have none.
CREATE TABLE player_stats (
    chat_platform  TEXT    NOT NULL,
    chat_id        TEXT    NOT NULL,
    season         INTEGER NOT NULL,
    variant        TEXT    NOT NULL,
    user_platform  TEXT    NOT NULL,
    user_id        TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    matches        INTEGER NOT NULL,
    wins           INTEGER NOT NULL,
    goats          INTEGER NOT NULL,
    rounds         INTEGER NOT NULL,
    points_for     INTEGER NOT NULL,
    points_against INTEGER NOT NULL,
    PRIMARY KEY (chat_platform, chat_id, season, variant, user_platform, user_id)
);

-- Two partners' line (pair games), the partners in id order.
CREATE TABLE pair_stats (
    chat_platform  TEXT    NOT NULL,
    chat_id        TEXT    NOT NULL,
    season         INTEGER NOT NULL,
    variant        TEXT    NOT NULL,
    user1_platform TEXT    NOT NULL,
    user1_id       TEXT    NOT NULL,
    user2_platform TEXT    NOT NULL,
    user2_id       TEXT    NOT NULL,
    name1          TEXT    NOT NULL,
    name2          TEXT    NOT NULL,
    matches        INTEGER NOT NULL,
    wins           INTEGER NOT NULL,
    goats          INTEGER NOT NULL,
    PRIMARY KEY (chat_platform, chat_id, season, variant, user1_platform, user1_id, user2_platform, user2_id)
);

-- Every finished match, with its `domino-record/1` record for `/export`.
CREATE TABLE matches (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_platform TEXT    NOT NULL,
    chat_id       TEXT    NOT NULL,
    season        INTEGER NOT NULL,
    table_id      INTEGER NOT NULL REFERENCES tables (id),
    variant       TEXT    NOT NULL,
    pairs         INTEGER NOT NULL CHECK (pairs IN (0, 1)),
    rounds        INTEGER NOT NULL,
    finished_at   INTEGER NOT NULL,
    record        TEXT    NOT NULL
);

CREATE INDEX matches_chat ON matches (chat_platform, chat_id, id);
