-- Chat tournaments (issue 28): one row per tournament, the whole state machine
-- (`standings::tournament::Tournament`) as serde JSON in `doc`, bumped by every accepted
-- command: `version` must be the stored one plus one (optimistic, like `tables`). Who made it
-- decides who may start it besides the chat's admins. `open` until it closes.
CREATE TABLE tournaments (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_platform    TEXT    NOT NULL,
    chat_id          TEXT    NOT NULL,
    version          INTEGER NOT NULL,
    open             INTEGER NOT NULL CHECK (open IN (0, 1)),
    creator_platform TEXT    NOT NULL,
    creator_id       TEXT    NOT NULL,
    doc              TEXT    NOT NULL
);

-- Each timer round reads the open tournaments; a chat reads its own.
CREATE INDEX tournaments_open ON tournaments (id) WHERE open = 1;
CREATE INDEX tournaments_chat ON tournaments (chat_platform, chat_id, id);
