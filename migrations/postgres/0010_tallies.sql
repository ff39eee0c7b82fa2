-- /me and /vs read kept tallies instead of the chat's matches (up to 100,000 a call before):
-- every finished match adds to them in the transaction that records it (`MatchTally::of`).

-- A person's matches, wins and goats per game.
CREATE TABLE tally_people (
    chat_platform TEXT    NOT NULL,
    chat_id       TEXT    NOT NULL,
    user_platform TEXT    NOT NULL,
    user_id       TEXT    NOT NULL,
    variant       TEXT    NOT NULL,
    matches       BIGINT  NOT NULL,
    wins          BIGINT  NOT NULL,
    goats         BIGINT  NOT NULL,
    PRIMARY KEY (chat_platform, chat_id, user_platform, user_id, variant)
);

-- A person's wins in a row up to their newest match, and the longest such run.
CREATE TABLE tally_runs (
    chat_platform TEXT    NOT NULL,
    chat_id       TEXT    NOT NULL,
    user_platform TEXT    NOT NULL,
    user_id       TEXT    NOT NULL,
    run           BIGINT  NOT NULL,
    best          BIGINT  NOT NULL,
    PRIMARY KEY (chat_platform, chat_id, user_platform, user_id)
);

-- A person's head-to-head with another per game, as the first sees it (a row each way): the
-- other's name in the first match they met in, and where that was (the `matches` row, the
-- other's seat), which orders the people of a card.
CREATE TABLE tally_meetings (
    chat_platform  TEXT    NOT NULL,
    chat_id        TEXT    NOT NULL,
    user_platform  TEXT    NOT NULL,
    user_id        TEXT    NOT NULL,
    other_platform TEXT    NOT NULL,
    other_id       TEXT    NOT NULL,
    variant        TEXT    NOT NULL,
    other_name     TEXT    NOT NULL,
    first_match    BIGINT  NOT NULL,
    first_seat     BIGINT  NOT NULL,
    opposed        BIGINT  NOT NULL,
    first_ahead    BIGINT  NOT NULL,
    second_ahead   BIGINT  NOT NULL,
    first_goats    BIGINT  NOT NULL,
    second_goats   BIGINT  NOT NULL,
    together       BIGINT  NOT NULL,
    together_won   BIGINT  NOT NULL,
    together_goats BIGINT  NOT NULL,
    PRIMARY KEY (chat_platform, chat_id, user_platform, user_id, other_platform, other_id, variant)
);

-- The chats whose tallies are still to be worked out from their matches: every chat with a
-- finished match before this migration. The store works them out when it opens (one
-- transaction a chat, removing its row), so old chats keep their figures.
CREATE TABLE tally_due (
    chat_platform TEXT NOT NULL,
    chat_id       TEXT NOT NULL,
    PRIMARY KEY (chat_platform, chat_id)
);
INSERT INTO tally_due (chat_platform, chat_id)
SELECT DISTINCT chat_platform, chat_id FROM matches;
